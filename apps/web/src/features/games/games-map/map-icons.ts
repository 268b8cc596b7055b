import { LabelledIcon } from '../../../ui/map/labelled-icon.ts';

/** A game's pin: drawn inline (no image files), its point at the tip. Bigger and red when selected. */
const PIN_SVG =
  '<svg viewBox="0 0 30 40" width="100%" height="100%" aria-hidden="true" focusable="false">' +
  '<path d="M15 1.5C7.5 1.5 1.5 7.4 1.5 14.8 1.5 25 15 38.5 15 38.5S28.5 25 28.5 14.8C28.5 7.4 22.5 1.5 15 1.5z" fill="currentColor" stroke="#fff" stroke-width="2.5"/>' +
  '<circle cx="15" cy="14.8" r="5" fill="#fff"/></svg>';

export function pinIcon(gameId: string, name: string, selected: boolean): LabelledIcon {
  const [width, height] = selected ? [38, 50] : [30, 40];
  return new LabelledIcon({
    className: selected ? 'sh-games-pin sh-games-pin--selected' : 'sh-games-pin',
    html: PIN_SVG,
    iconSize: [width, height],
    iconAnchor: [width / 2, height - 1],
    label: name,
    gameId,
  });
}

/** A cluster's bubble: its count inside, a little bigger for more games; ringed when it holds the selected game. */
export function clusterIcon(count: number, countText: string, label: string, holdsSelected: boolean): LabelledIcon {
  const size = count < 10 ? 40 : count < 100 ? 46 : 52;
  return new LabelledIcon({
    className: holdsSelected ? 'sh-games-cluster sh-games-cluster--selected' : 'sh-games-cluster',
    html: `<span aria-hidden="true">${countText}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    label,
  });
}

/** The visitor: a blue dot in a pale ring, not interactive, named as an image. */
export function youIcon(label: string): LabelledIcon {
  return new LabelledIcon({
    className: 'sh-games-you',
    html: '<span class="sh-games-you__dot" aria-hidden="true"></span>',
    iconSize: [34, 34],
    iconAnchor: [17, 17],
    label,
    role: 'img',
  });
}
