import { describe, expect, it } from 'vitest';
import { readOpenFormat } from './read-open-format.ts';

// Files made for the rules of each format's mapping (docs/open-formats.md) that the real samples do not show.
const read = (text: string) => readOpenFormat(Buffer.from(text));

describe('KML: ExtendedData, the start, folders in document order, MultiGeometry', () => {
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>שכונה</name><description>סיור קצר</description>
  <Placemark><name>התחלה</name><ExtendedData><Data name="type"><value>start</value></Data></ExtendedData><Point><coordinates>34.7700,32.0700,0</coordinates></Point></Placemark>
  <Placemark><name>הבאר</name><description>מה כתוב על הבאר?</description>
    <ExtendedData><Data name="Answer"><value>מים, water</value></Data><Data name="after"><value>נכון!</value></Data><Data name="hint2"><value>שני</value></Data><Data name="hint1"><value>ראשון</value></Data><Data name="hints"><value>שלישי
רביעי</value></Data></ExtendedData>
    <Point><coordinates>34.7710,32.0710</coordinates></Point></Placemark>
  <Folder><name>פנימה</name>
    <Placemark><name>הגן</name><MultiGeometry><LineString><coordinates>34.77,32.07 34.78,32.08</coordinates></LineString><Polygon><outerBoundaryIs><LinearRing><coordinates>34.772,32.072 34.773,32.072 34.773,32.073 34.772,32.072</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>
  </Folder>
  <Placemark><name>הסוף</name><Point><coordinates>34.7740,32.0740</coordinates></Point></Placemark>
</Document></kml>`;

  it('reads the answer, the text after it and the hints in order; the start; every stop in the order written', async () => {
    const { file, summary, notCarried } = await read(kml);
    const { game } = file;
    expect(game.metadata).toMatchObject({ name: 'שכונה', language: 'he', map: true, location: { lat: 32.07, lng: 34.77 } });
    expect(game.introPage.content).toBe('<p>סיור קצר</p>');
    expect(game.questions.map((q) => /<h2>(.*?)<\/h2>/.exec(q.content)?.[1])).toEqual(['הבאר', 'הגן', 'הסוף']);
    expect(game.questions[0]).toMatchObject({
      content: '<h2>הבאר</h2><p>מה כתוב על הבאר?</p>',
      answer: { kind: 'text', value: 'מים, water', contentAfterAnswer: '<p>נכון!</p>' },
      hints: [{ content: '<p>ראשון</p>' }, { content: '<p>שני</p>' }, { content: '<p>שלישי</p>' }, { content: '<p>רביעי</p>' }],
    });
    // The polygon of a MultiGeometry, its closing corner dropped; its line noted as a path.
    expect(game.questions[1]!.location).toEqual([
      { lat: 32.072, lng: 34.772 },
      { lat: 32.072, lng: 34.773 },
      { lat: 32.073, lng: 34.773 },
    ]);
    expect(summary).toMatchObject({ stops: 3, areas: { point: 2, polygon: 1 }, answers: { text: 1, none: 2 }, hints: 4 });
    expect(notCarried).toEqual([{ kind: 'tracks', count: 1, where: ['הגן'] }]);
  });
});

describe('GPX: the start named by type, and text that looks like markup', () => {
  it('a waypoint typed start is the start, not a stop; plain text with < and & is escaped', async () => {
    const { file, summary } = await read(`<?xml version="1.0"?><gpx version="1.0"><name>Walk</name>
      <wpt lat="32.1" lon="34.8"><name>Meet here</name><type>Start</type></wpt>
      <wpt lat="32.2" lon="34.9"><name>Gate</name><desc>Count the bars &lt; 10 &amp; smile</desc></wpt>
    </gpx>`);
    expect(file.game.metadata.location).toEqual({ lat: 32.1, lng: 34.8 });
    expect(summary).toMatchObject({ name: 'Walk', stops: 1 });
    expect(file.game.questions[0]!.content).toBe('<h2>Gate</h2><p>Count the bars &#60; 10 &#38; smile</p>');
  });
});

describe('geo-tales: points per choice, a polygon location, a circle near a point area', () => {
  it('the options with the most points are right (noted), a polygon navigates, a 30 m circle is a point', async () => {
    const story = {
      locations: {
        start: { type: 'circle', center: { latitude: 47.4, longitude: 8.44 }, radius: 25 },
        park: { type: 'polygon', coords: [ { latitude: 47.41, longitude: 8.45 }, { latitude: 47.41, longitude: 8.46 }, { latitude: 47.42, longitude: 8.46 } ] },
      },
      screens: {
        start: { type: 'navigate', location: 'park', next: 'quiz' },
        quiz: { type: 'choices', text: '## Which tree?\n\nLook *up*.', choices: [ { text: 'Oak', points: 0 }, { text: '**Beech**', points: 5 }, { text: 'Pine', points: 5 } ], next: 'end' },
        end: { type: 'finish', text: 'Well done, **explorer**.' },
      },
    };
    const { file, notCarried } = await read(JSON.stringify(story));
    const [quiz] = file.game.questions;
    expect(file.game.metadata.location).toEqual({ lat: 47.4, lng: 8.44 });
    expect(quiz!.location).toHaveLength(3);
    expect(quiz!.content).toBe('<h2>Which tree?</h2>\n<p>Look <em>up</em>.</p>');
    expect(quiz!.answer).toMatchObject({ kind: 'choice', options: [ { text: 'Oak', correct: false }, { text: 'Beech', correct: true }, { text: 'Pine', correct: true } ] });
    expect(file.game.gameoverPage.content).toBe('<p>Well done, <strong>explorer</strong>.</p>');
    expect(notCarried).toEqual([{ kind: 'choicePoints', count: 1, where: ['quiz'] }]);
  });

  it('refuses a story without a start screen, a screen leading nowhere, and an unknown screen type, naming the screen', async () => {
    const locations = { start: { type: 'circle', center: { latitude: 1, longitude: 1 }, radius: 30 } };
    await expect(read(JSON.stringify({ locations, screens: { intro: { type: 'text', text: 'x' } } }))).rejects.toMatchObject({ message: 'The story has no "start" screen (in screens)' });
    await expect(read(JSON.stringify({ locations, screens: { start: { type: 'text', text: 'x', next: 'gone' } } }))).rejects.toMatchObject({ message: 'A screen leads to "gone", which the story does not have (in screens.gone)' });
    await expect(read(JSON.stringify({ locations, screens: { start: { type: 'video' } } }))).rejects.toMatchObject({ message: 'A screen\'s type is "video"; geo-tales has text, input, choices, navigate and finish (in screens.start)' });
  });
});
