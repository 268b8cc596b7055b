import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import GameMap from './game-map.tsx';
import { renderUi } from '../../test/render-ui.tsx';

// A smoke test only: happy-dom lays nothing out, so the browser tests check how the map looks.
describe('GameMap (smoke)', () => {
  const start = { lat: 32.0835, lng: 34.7800 };
  const square = [
    { lat: 32.0853, lng: 34.7818 },
    { lat: 32.0862, lng: 34.7818 },
    { lat: 32.0862, lng: 34.7827 },
  ];
  const areas = [square, { lat: 32.0817, lng: 34.7836 }, null, { lat: 32.09, lng: 34.78 }];

  it('draws S and the numbered markers, keeps numbers for questions without an area, and a left-to-right box', async () => {
    const { t } = await renderUi(<GameMap start={start} areas={areas} currentIndex={1} position={null} tileUrl="" />);
    const region = screen.getByRole('region', { name: t('map.label') });
    expect(region.getAttribute('dir')).toBe('ltr');
    const markers = [...document.querySelectorAll('.sh-map-marker')].map((m) => [m.textContent, m.className.match(/sh-map-marker--(\w+)/)?.[1]]);
    expect(markers).toEqual([
      ['S', 'start'],
      ['1', 'done'],
      ['2', 'current'],
      ['4', 'area'],
    ]);
    const centre = screen.getByRole('button', { name: t('map.centerOnMe') }) as HTMLButtonElement;
    expect(centre.disabled).toBe(true);
  });

  it('moves a start and a question marker that would cover each other apart, with a line to each point, and draws the player above them', async () => {
    // The demo map game: the start is some 40 m from question 1, about 9 px at zoom 15.
    const near = { lat: 32.07812, lng: 34.77405 };
    const q1 = { lat: 32.07778, lng: 34.77415 };
    await renderUi(<GameMap start={near} areas={[q1, { lat: 32.09, lng: 34.78 }]} currentIndex={0} position={{ ...near, accuracy: 10 }} tileUrl="" />, 'en');
    const margins = (variant: string) => {
      const icon = document.querySelector<HTMLElement>(`.sh-map-marker--${variant}`)!;
      return [parseFloat(icon.style.marginLeft), parseFloat(icon.style.marginTop)];
    };
    // Leaflet places an icon by its anchor (margin = -anchor): a marker moved aside has another anchor.
    const [sx, sy] = margins('start');
    const [cx, cy] = margins('current');
    expect([sx, sy]).not.toEqual([-14, -14]);
    expect([cx, cy]).not.toEqual([-17, -17]);
    expect(margins('area')).toEqual([-14, -14]);
    // Two arrival circles, the accuracy circle, and a leader line with its dot for each marker moved.
    expect(document.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(2 + 1 + 2 * 2);
    const pane = document.querySelector<HTMLElement>('.leaflet-sh-position-pane')!;
    expect(Number(pane.style.zIndex)).toBeGreaterThan(600);
    expect(pane.querySelectorAll('path')).toHaveLength(1);
  });

  it('enables centre-on-me once there is a position', async () => {
    const { t } = await renderUi(
      <GameMap start={start} areas={areas} currentIndex={0} position={{ lat: 32.084, lng: 34.781, accuracy: 15 }} tileUrl="" />,
      'en',
    );
    const centre = screen.getByRole('button', { name: t('map.centerOnMe') }) as HTMLButtonElement;
    expect(centre.disabled).toBe(false);
    fireEvent.click(centre);
  });
});
