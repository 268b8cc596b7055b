import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFlow, gameExportSchema, simulateFlow, type FlowStep, type GameExport } from '@streethunt/shared';
import { readOpenFormat, type ReadFile } from './read-open-format.ts';

// Real files from public sources (samples/SOURCES.md: where each came from, its licence and its counts).
const sample = (name: string) => readOpenFormat(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const questions = (read: ReadFile) => read.file.game.questions;
const names = (read: ReadFile) => questions(read).map((q) => /^<h2>(.*?)<\/h2>/.exec(q.content)?.[1] ?? '');
/** The questions with their ids (the import gives every one). */
const playable = (read: ReadFile) => questions(read).map((q) => ({ ...q, id: q.id! }));
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

  it('geo-tales’ tour: text, input and choices screens as stops, the start, the finish; its menu a branch question whose options open their own screens; the ways back to the menu and circles noted', async () => {
    const read = await sample('geo-tales-tour.json');
    expect(gameExportSchema.safeParse(read.file).success).toBe(true);
    expect(read.summary).toEqual({
      format: 'geo-tales',
      name: '',
      stops: 7,
      start: true,
      areas: { point: 0, polygon: 2 },
      answers: { text: 1, number: 0, choice: 2, none: 4 },
      hints: 0,
    });
    // start, menu, the two navigate screens (stops to walk to: they lead back to the menu), 1, 2, 3.
    const kinds = questions(read).map((q) => q.answer.kind);
    expect(kinds).toEqual(['none', 'choice', 'none', 'none', 'none', 'text', 'choice']);
    const [start, menu, navDefaults, navColor, text, input, multiple] = playable(read);
    // No points in the menu: any option goes on (a branch question marks every option right).
    const options = menu!.answer.kind === 'choice' ? menu!.answer.options : [];
    expect(options.map((o) => [o.text, o.correct])).toEqual([
      ['Navigation with arrow and distance', true],
      ['Navigation with color', true],
      ['Text', true],
      ['Input', true],
      ['Multiple Choice', true],
      ['Finish', true],
    ]);
    // Each screen the menu leads to opens on its option; the Finish option ends the game.
    const chose = (i: number) => ({ chose: { question: menu!.id, option: options[i]!.id } });
    expect([start, menu].map((q) => q!.when)).toEqual([undefined, undefined]);
    expect([navDefaults, navColor, text, input, multiple].map((q) => q!.when)).toEqual([chose(0), chose(1), chose(2), chose(3), chose(4)]);
    expect(menu!.then).toEqual([{ on: { chose: options[5]!.id }, do: [{ end: true }] }]);
    expect(navDefaults!.location).toHaveLength(24);
    // '1 + 2?' answered 3, written as a number.
    expect(input!.answer).toMatchObject({ kind: 'text', value: '3' });
    // Its finish screen has no text: the game over says its own congratulations.
    expect(read.file.game.gameoverPage.content).toBe('');
    expect(read.notCarried).toEqual([
      { kind: 'circles', count: 3, where: ['start', 'A'] },
      { kind: 'branching', count: 5, where: ['nav-defaults', 'nav-color', '1', '2', '3'] },
      { kind: 'unnamed', count: 2, where: ['screens.nav-defaults', 'screens.nav-color'] },
    ]);
  });

  it('geo-tales’ tour plays its menu’s choices: each option opens its own screen and not another’s, Finish ends the game', async () => {
    const read = await sample('geo-tales-tour.json');
    const qs = playable(read);
    expect(checkFlow(qs, read.file.game.metadata.order)).toEqual([]);
    const [start, menu, , , text, input] = qs;
    const options = menu!.answer.kind === 'choice' ? menu!.answer.options : [];
    const play = (option: number, ...after: FlowStep[]) =>
      simulateFlow(qs, read.file.game.metadata.order, [{ question: start!.id, outcome: 'right' }, { question: menu!.id, outcome: 'right', option: options[option]!.id }, ...after]);

    // What is new to play after the menu (a question answered stays playable: its text may still be read).
    const opened = (step: { flow: { playable: string[]; next: string | null; over: boolean } }) => ({ ...step.flow, playable: step.flow.playable.filter((id) => id !== start!.id && id !== menu!.id) });
    const textPicked = play(2).at(-1)!;
    expect(textPicked.accepted).toBe(true);
    expect(opened(textPicked)).toEqual({ playable: [text!.id], next: text!.id, over: false });
    const inputPicked = play(3).at(-1)!;
    expect(opened(inputPicked)).toEqual({ playable: [input!.id], next: input!.id, over: false });
    // The text question is not open on the input's way: answering it is refused.
    const wrongWay = play(3, { question: text!.id, outcome: 'right' }).at(-1)!;
    expect(wrongWay.accepted).toBe(false);
    // Its own screen done, the way leads back to the menu, which a game shows once: the game is over.
    expect(opened(play(3, { question: input!.id, outcome: 'right' }).at(-1)!)).toEqual({ playable: [input!.id], next: null, over: true });
    expect(opened(play(5).at(-1)!)).toEqual({ playable: [], next: null, over: true });
  });

  it('every geo-tales sample’s flow passes the flow checker, on either order', async () => {
    for (const name of ['geo-tales-tour.json', 'geo-tales-all-screens.json', 'geo-tales-test-all-screens.json']) {
      const qs = playable(await sample(name));
      expect({ name, linear: checkFlow(qs, 'linear'), free: checkFlow(qs, 'free') }).toEqual({ name, linear: [], free: [] });
    }
  });

  it('an older geo-tales story without a start location: the first area is the start', async () => {
    const read = await sample('geo-tales-test-all-screens.json');
    // The menu is the start screen: its five options, the two navigate screens among them stops of their own.
    expect(read.summary).toMatchObject({ stops: 5, start: true, areas: { point: 0, polygon: 2 } });
    const [menu, ...opened] = playable(read);
    expect(menu!.when).toBeUndefined();
    expect(opened.map((q) => q.when && 'chose' in q.when && q.when.chose.question)).toEqual([menu!.id, menu!.id, menu!.id, menu!.id]);
  });
});
