import { areaCenter, replaceTags, type EditableGame, type GameLocation, type Language } from '@streethunt/shared';

/**
 * A game's map for a GPS app or Google Earth (docs/open-formats.md): its start and each question's
 * area, in order, named by the question's heading or first words. Never answers or hints.
 */

/** The start's name on the map, in the game's language. */
const START_NAMES: Record<Language, string> = { he: 'התחלה', en: 'Start' };

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const HEADING_OPEN = /<h[1-6](?:\s[^<>]*)?>/i;
const HEADING_CLOSE = /<\/h[1-6]>/gi;

/** The inside of the text's first heading, found by two forward scans (a lazy `[\s\S]*?` rescans from every start). */
function firstHeading(html: string): string | undefined {
  const open = HEADING_OPEN.exec(html);
  if (!open) return undefined;
  const from = open.index + open[0].length;
  HEADING_CLOSE.lastIndex = from;
  const close = HEADING_CLOSE.exec(html);
  return close ? html.slice(from, close.index) : undefined;
}

/** What a question is called on the map: `3. Its heading` (its first words when it has no heading). */
function stopName(question: EditableGame['questions'][number], index: number): string {
  const words = replaceTags(firstHeading(question.content) ?? question.content, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)
    .replace(/\s+/g, ' ')
    .trim();
  const short = words.length > 60 ? `${words.slice(0, 59)}…` : words;
  return `${index + 1}.${short ? ` ${short}` : ''}`;
}

type Stop = { name: string; location: GameLocation };

function stopsOf(game: EditableGame): Stop[] {
  return game.questions.flatMap((question, index) => (question.location ? [{ name: stopName(question, index), location: question.location }] : []));
}

const coordinate = (value: number) => String(Math.round(value * 1e7) / 1e7);

/** GPX 1.1: the start and each point area as a waypoint; a polygon area as a closed track, with a waypoint at its centre. */
export function writeGpx(game: EditableGame): string {
  const startName = START_NAMES[game.metadata.language];
  const name = escapeXml(game.metadata.name.trim());
  const wpt = (point: { lat: number; lng: number }, label: string, type?: string) =>
    `  <wpt lat="${coordinate(point.lat)}" lon="${coordinate(point.lng)}"><name>${escapeXml(label)}</name>${type ? `<type>${type}</type>` : ''}</wpt>`;
  const waypoints: string[] = [];
  const tracks: string[] = [];
  const start = game.metadata.location;
  if (start) waypoints.push(wpt(Array.isArray(start) ? areaCenter(start) : start, startName, 'start'));
  for (const stop of stopsOf(game)) {
    if (!Array.isArray(stop.location)) {
      waypoints.push(wpt(stop.location, stop.name));
      continue;
    }
    waypoints.push(wpt(areaCenter(stop.location), stop.name));
    const ring = [...stop.location, stop.location[0]!].map((p) => `<trkpt lat="${coordinate(p.lat)}" lon="${coordinate(p.lng)}"/>`).join('');
    tracks.push(`  <trk><name>${escapeXml(stop.name)}</name><trkseg>${ring}</trkseg></trk>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="StreetHunt" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${name}</name></metadata>`,
    ...waypoints,
    ...tracks,
    '</gpx>',
    '',
  ].join('\n');
}

/** KML 2.2: the start and each area as a Placemark (a Point, or a Polygon's outer ring), in order. */
export function writeKml(game: EditableGame): string {
  const startName = START_NAMES[game.metadata.language];
  const lngLat = (p: { lat: number; lng: number }) => `${coordinate(p.lng)},${coordinate(p.lat)}`;
  const placemark = (label: string, location: GameLocation, extra = '') => {
    const geometry = Array.isArray(location)
      ? `<Polygon><outerBoundaryIs><LinearRing><coordinates>${[...location, location[0]!].map(lngLat).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon>`
      : `<Point><coordinates>${lngLat(location)}</coordinates></Point>`;
    return `    <Placemark><name>${escapeXml(label)}</name>${extra}${geometry}</Placemark>`;
  };
  const start = game.metadata.location ? [placemark(startName, game.metadata.location, '<ExtendedData><Data name="type"><value>start</value></Data></ExtendedData>')] : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${escapeXml(game.metadata.name.trim())}</name>`,
    ...start,
    ...stopsOf(game).map((stop) => placemark(stop.name, stop.location)),
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}
