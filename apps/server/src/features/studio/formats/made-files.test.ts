import { describe, expect, it } from 'vitest';
import { checkFlow, simulateFlow, type FlowStep } from '@streethunt/shared';
import { readOpenFormat, type ReadFile } from './read-open-format.ts';

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

describe('geo-tales: choices that lead to different screens are a branch', () => {
  const circle = (latitude: number) => ({ type: 'circle', center: { latitude, longitude: 8.44 }, radius: 30 });
  // A fork three ways (left through a park, right through a second fork, home to the end), the ways joining again.
  const story = {
    locations: { start: circle(47.4), park: circle(47.41) },
    screens: {
      start: { type: 'text', text: 'Welcome', next: 'fork' },
      fork: { type: 'choices', text: 'Which way?', choices: [ { text: 'Left', next: 'to-park', points: 2 }, { text: 'Right', next: 'right' }, { text: 'Home', next: 'end' } ] },
      'to-park': { type: 'navigate', location: 'park', next: 'left' },
      left: { type: 'input', text: 'Which tree?', answer: 'oak', next: 'join' },
      right: { type: 'choices', text: 'Up or down?', choices: [ { text: 'Up', next: 'up' }, { text: 'Down', next: 'down' } ] },
      up: { type: 'text', text: 'Up here', next: 'join-right' },
      down: { type: 'text', text: 'Down here', next: 'join-right' },
      'join-right': { type: 'text', text: 'The ways meet', next: 'join' },
      join: { type: 'text', text: 'Last stop', next: 'end' },
      end: { type: 'finish', text: 'Bye' },
    },
  };
  const read = (text: string) => readOpenFormat(Buffer.from(text));
  const qs = (file: ReadFile['file']) => file.game.questions.map((q) => ({ ...q, id: q.id! }));
  const contentOf = (file: ReadFile['file'], id: string | null) => file.game.questions.find((q) => q.id === id)?.content.replace(/<[^>]+>/g, '').trim();

  it('each screen an option leads to opens on that option, a screen several ways lead to on any of them, the points and the end as the option’s rules', async () => {
    const { file, notCarried } = await read(JSON.stringify(story));
    const [start, fork, left, right, up, down, joinRight, join] = qs(file);
    expect(qs(file).map((q) => contentOf(file, q.id))).toEqual(['Welcome', 'Which way?', 'Which tree?', 'Up or down?', 'Up here', 'Down here', 'The ways meet', 'Last stop']);
    const options = (q: typeof fork) => (q!.answer.kind === 'choice' ? q!.answer.options : []);
    const [goLeft, goRight, goHome] = options(fork);
    expect(options(fork).every((o) => o.correct)).toBe(true);
    expect(fork!.then).toEqual([{ on: { chose: goLeft!.id }, do: [{ addPoints: 2 }] }, { on: { chose: goHome!.id }, do: [{ end: true }] }]);
    const [goUp, goDown] = options(right);
    expect([start, fork].map((q) => q!.when)).toEqual([undefined, undefined]);
    // The navigate screen on the left way gives its stop the park, and opens with it.
    expect(left!.location).toEqual({ lat: 47.41, lng: 8.44 });
    expect(left!.when).toEqual({ chose: { question: fork!.id, option: goLeft!.id } });
    expect(right!.when).toEqual({ chose: { question: fork!.id, option: goRight!.id } });
    expect(up!.when).toEqual({ chose: { question: right!.id, option: goUp!.id } });
    expect(down!.when).toEqual({ chose: { question: right!.id, option: goDown!.id } });
    // Every option of the second fork leads here: its question done.
    expect(joinRight!.when).toEqual({ done: right!.id });
    expect(join!.when).toEqual({ any: [{ chose: { question: fork!.id, option: goLeft!.id } }, { done: right!.id }] });
    expect(file.game.gameoverPage.content).toBe('<p>Bye</p>');
    expect(notCarried).toEqual([]);
    expect(checkFlow(qs(file), file.game.metadata.order)).toEqual([]);
  });

  it('played through: the way chosen is the way that opens, its points counted', async () => {
    const { file } = await read(JSON.stringify(story));
    const questions = qs(file);
    const [start, fork, left, right, up, , joinRight, join] = questions;
    const options = (q: typeof fork) => (q!.answer.kind === 'choice' ? q!.answer.options : []);
    const path = (...steps: Array<[typeof fork, number?]>) =>
      simulateFlow(
        questions,
        file.game.metadata.order,
        steps.map(([q, option]): FlowStep => ({ question: q!.id, outcome: 'right', ...(option !== undefined && { option: options(q)[option]!.id }) })),
      );
    const leftWay = path([start], [fork, 0]);
    expect(leftWay.at(-1)!.flow.next).toBe(left!.id);
    // The left option's 2 points, on top of what any answer wins.
    expect(leftWay.at(-1)!.score).toBe(path([start], [fork, 1]).at(-1)!.score + 2);
    expect(path([start], [fork, 0], [right, 0]).at(-1)!.accepted).toBe(false);
    expect(path([start], [fork, 0], [left]).at(-1)!.flow.next).toBe(join!.id);

    const rightWay = path([start], [fork, 1]);
    expect(rightWay.at(-1)!.flow.next).toBe(right!.id);
    expect(path([start], [fork, 1], [left]).at(-1)!.accepted).toBe(false);
    expect(path([start], [fork, 1], [right, 0]).at(-1)!.flow.next).toBe(up!.id);
    const all = path([start], [fork, 1], [right, 0], [up], [joinRight], [join]);
    expect(all.every((step) => step.accepted)).toBe(true);
    expect(all.at(-1)!.flow).toMatchObject({ next: null, over: true });

    expect(path([start], [fork, 2]).at(-1)!.flow).toMatchObject({ next: null, over: true });
  });

  it('a story without branches carries no flow at all', async () => {
    const { file } = await read(JSON.stringify({
      locations: story.locations,
      screens: { start: { type: 'text', text: 'a', next: 'q' }, q: { type: 'choices', text: 'b', choices: [ { text: 'x' }, { text: 'y' } ], next: 'end' }, end: { type: 'finish' } },
    }));
    expect(file.game.questions.map((q) => ['when' in q, 'then' in q])).toEqual([[false, false], [false, false]]);
  });

  it('a navigate screen that leads to no new stop is a stop to walk to, opening on its option', async () => {
    const { file, notCarried } = await read(JSON.stringify({
      locations: story.locations,
      screens: {
        start: { type: 'choices', text: 'Where?', choices: [ { text: 'Park', next: 'to-park' }, { text: 'Done', next: 'end' } ] },
        'to-park': { type: 'navigate', location: 'park', next: 'start' },
        end: { type: 'finish' },
      },
    }));
    const [menu, walk] = qs(file);
    const park = menu!.answer.kind === 'choice' ? menu!.answer.options[0]! : undefined;
    expect(walk).toMatchObject({ content: '', location: { lat: 47.41, lng: 8.44 }, answer: { kind: 'none' }, when: { chose: { question: menu!.id, option: park!.id } } });
    expect(notCarried).toEqual([{ kind: 'branching', count: 1, where: ['to-park'] }, { kind: 'unnamed', count: 1, where: ['screens.to-park'] }]);
  });
});
