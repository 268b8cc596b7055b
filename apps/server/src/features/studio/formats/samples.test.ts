import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameExportSchema, type GameExport } from '@streethunt/shared';
import { readOpenFormat, type ReadFile } from './read-open-format.ts';

// Real files from public sources (samples/SOURCES.md: where each came from, its licence and its counts).
const sample = (name: string) => readOpenFormat(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const questions = (read: ReadFile) => read.file.game.questions;
const names = (read: ReadFile) => questions(read).map((q) => /^<h2>(.*?)<\/h2>/.exec(q.content)?.[1] ?? '');
const asPoint = (location: GameExport['game']['questions'][number]['location']) => (location && !Array.isArray(location) ? location : null);

describe('real files read into a game', () => {
  it('GPX 1.1 (ExpertGPS): 23 waypoints then 26 route points as stops with point areas, the trail name, its tracks noted', async () => {
    const read = await sample('gpx11-waypoints-go-gpx.gpx');
    expect(gameExportSchema.safeParse(read.file).success).toBe(true);
    expect(read.summary).toEqual({
      format: 'gpx',
      name: 'Mystic River Basin Trails',
      stops: 49,
      start: true,
      areas: { point: 49, polygon: 0 },
      answers: { text: 0, number: 0, choice: 0, none: 49 },
      hints: 0,
    });
    expect(names(read).slice(0, 4)).toEqual(['205A', 'ASSEMBLYSQ', 'BLESSING', 'BLOCK 1']);
    expect(questions(read)[1]!.content).toBe('<h2>ASSEMBLYSQ</h2><p>Assembly Square Mall</p>');
    expect(read.file.game.metadata).toMatchObject({ map: true, language: 'en', location: asPoint(questions(read)[0]!.location) });
    expect(read.notCarried).toEqual([{ kind: 'tracks', count: 3, where: ['LONG TRACK'] }]);
  });

  it('GPX 1.0 from Geocaching.com: the cache’s name, short and long descriptions, and its hint', async () => {
    const read = await sample('gpx10-geocaching-cgeo.gpx');
    expect(read.summary).toMatchObject({ stops: 1, hints: 1, areas: { point: 1, polygon: 0 } });
    const [cache] = questions(read);
    expect(cache!.content).toMatch(/^<h2>Die Schatzinsel \/ treasure island<\/h2><p>Ein alter Kindh/);
    expect(cache!.location).toEqual({ lat: 48.859683, lng: 9.1874 });
    expect(cache!.hints).toHaveLength(1);
    expect(cache!.hints[0]!.content).toMatch(/^<p>.+<\/p>$/s);
  });

  it('GPX 1.0 by GeoToad: HTML descriptions kept as HTML, their images from elsewhere noted, names unescaped', async () => {
    const read = await sample('gpx10-geocaching-geotoad-cgeo.gpx');
    expect(read.summary).toMatchObject({ stops: 2, hints: 2 });
    expect(names(read)).toEqual(['&#34;Wunnibert&#34;', 'Dem &#34;Dings&#34; zum Trotz 2']);
    expect(read.notCarried).toEqual([{ kind: 'media', count: 3, where: ['Dem "Dings" zum Trotz 2'] }]);
  });

  it('a GPX route: its 55 points in order', async () => {
    const read = await sample('gpx-route-gpxpy.gpx');
    expect(read.summary).toMatchObject({ stops: 55, areas: { point: 55, polygon: 0 } });
    expect(names(read).slice(0, 3)).toEqual(['#001', '#002', '#003']);
    expect(names(read).at(-1)).toBe('#055');
  });

  it('KML 2.2 in a Folder: 7 points with names and descriptions, in order', async () => {
    const read = await sample('kml22-points-folders-giscore.kml');
    expect(read.summary).toMatchObject({ format: 'kml', name: '7 Wonders', stops: 7, areas: { point: 7, polygon: 0 } });
    expect(questions(read)[0]!.content).toBe('<h2>Cairo, Egypt</h2><p>The Great Pyramid of Giza</p>');
    expect(read.notCarried).toEqual([]);
  });

  it('KML from GDAL: a polygon’s outer ring as a polygon area (the closing corner dropped); a placemark without a name noted', async () => {
    const read = await sample('kml22-polygon-togeojson.kml');
    expect(read.summary).toMatchObject({ stops: 1, areas: { point: 0, polygon: 1 } });
    expect(questions(read)[0]!.location).toHaveLength(4);
    expect(read.notCarried).toEqual([{ kind: 'unnamed', count: 1, where: ['Placemark 1'] }]);
  });

  it('Google’s KML Samples: 4 points and 9 polygons across nested folders, in document order; its 6 paths noted', async () => {
    const read = await sample('kml22-google-samples-kml2geojson.kml');
    expect(read.summary).toMatchObject({ name: 'KML Samples', stops: 13, areas: { point: 4, polygon: 9 } });
    expect(names(read).slice(0, 4)).toEqual(['Simple placemark', 'Floating placemark', 'Extruded placemark', 'Roll over this icon']);
    expect(read.notCarried).toEqual([{ kind: 'tracks', count: 6, where: ['Tessellated', 'Untessellated', 'Absolute', 'Absolute Extruded', 'Relative', 'Relative Extruded'] }]);
  });

  it('a KMZ: the doc.kml inside, its image from elsewhere noted', async () => {
    const read = await sample('kmz-giscore.kmz');
    expect(read.summary).toMatchObject({ format: 'kmz', stops: 1, areas: { point: 1, polygon: 0 } });
    expect(names(read)).toEqual(['styled placemark']);
    expect(read.notCarried).toEqual([{ kind: 'media', count: 1, where: ['styled placemark'] }]);
  });

  it('geo-tales’ tour: text, input and choices screens as stops, navigate as the next stop’s area, the start, the finish; its menu’s branching and circles noted', async () => {
    const read = await sample('geo-tales-tour.json');
    expect(gameExportSchema.safeParse(read.file).success).toBe(true);
    expect(read.summary).toEqual({
      format: 'geo-tales',
      name: '',
      stops: 5,
      start: true,
      areas: { point: 0, polygon: 1 },
      answers: { text: 1, number: 0, choice: 2, none: 2 },
      hints: 0,
    });
    const kinds = questions(read).map((q) => q.answer.kind);
    expect(kinds).toEqual(['none', 'choice', 'none', 'text', 'choice']);
    const menu = questions(read)[1]!.answer;
    // No points in the menu: any option goes on.
    expect(menu.kind === 'choice' && menu.options.every((option) => option.correct)).toBe(true);
    // '1 + 2?' answered 3, written as a number.
    expect(questions(read)[3]!.answer).toMatchObject({ kind: 'text', value: '3' });
    // Its finish screen has no text: the game over says its own congratulations.
    expect(read.file.game.gameoverPage.content).toBe('');
    expect(read.notCarried.map((note) => note.kind).sort()).toEqual(['branching', 'circles']);
  });

  it('an older geo-tales story without a start location: the first area is the start', async () => {
    const read = await sample('geo-tales-test-all-screens.json');
    expect(read.summary).toMatchObject({ stops: 3, start: true, areas: { point: 0, polygon: 1 } });
  });
});
