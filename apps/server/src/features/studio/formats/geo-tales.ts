import { marked } from 'marked';
import { MAX_CHOICE_OPTIONS, newContentId, type GameLocation } from '@streethunt/shared';
import type { DraftBuilder } from './draft.ts';
import { fileProblem } from './file-problem.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** geo-tales writes its texts in Markdown: HTML for our rich text (the import's sanitizer keeps what it allows). */
function markdown(builder: DraftBuilder, source: unknown, where: string): string {
  const written = text(source).trim();
  if (!written) return '';
  return builder.richText(marked.parse(written, { async: false, gfm: true }), where);
}

/** Does this JSON look like a geo-tales story: `locations` and `screens` objects, with a `start` screen? */
export function isGeoTales(json: unknown): json is Json {
  return isObject(json) && isObject(json.locations) && isObject(json.screens);
}

function area(builder: DraftBuilder, id: string, location: unknown): GameLocation {
  const where = { element: `locations.${id}`, name: id };
  if (!isObject(location)) throw fileProblem('A location is not an object', where);
  if (location.type === 'circle') {
    const center = isObject(location.center) ? location.center : {};
    return builder.circle(builder.point(center.latitude, center.longitude, where), Number(location.radius), where);
  }
  if (location.type === 'polygon') {
    if (!Array.isArray(location.coords)) throw fileProblem('A polygon location has no "coords" list', where);
    return builder.polygon(
      location.coords.map((corner: unknown) => builder.point(isObject(corner) ? corner.latitude : undefined, isObject(corner) ? corner.longitude : undefined, where)),
      where,
    );
  }
  throw fileProblem(`A location's type is ${JSON.stringify(location.type)}; geo-tales has "circle" and "polygon"`, where);
}

/**
 * A geo-tales story (docs/open-formats.md), every screen reached from `start` in one order: `text`
 * screens become stops with nothing to answer, `input` screens text answers, `choices` screens choice
 * answers (the options with the most points are right; without points every option is), `navigate`
 * sets the area of the next stop, `finish` is the game over. Its `start` location is the start.
 * Per-choice next screens (branching) and points are noted: a game goes in one order and a choice is
 * right or wrong.
 */
export function readGeoTales(story: Json, builder: DraftBuilder): void {
  const locations = story.locations as Json;
  const screens = story.screens as Json;
  if (!isObject(screens.start)) throw fileProblem('The story has no "start" screen', { element: 'screens' });
  if (locations.start !== undefined) {
    const start = area(builder, 'start', locations.start);
    builder.start = Array.isArray(start) ? start[0]! : start;
  }
  builder.name = text(story.title) || text(story.name);

  // Every screen reached from `start`, depth first: a screen's `next`, then its choices' own next
  // screens in order. A story that branches is laid out in one order (noted).
  const order: string[] = [];
  const visited = new Set<string>();
  const stack = ['start'];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const screen: unknown = screens[id];
    if (!isObject(screen)) throw fileProblem(`A screen leads to "${id}", which the story does not have`, { element: `screens.${id}` });
    order.push(id);
    const choices = Array.isArray(screen.choices) ? screen.choices.filter(isObject) : [];
    const leads = [text(screen.next), ...choices.map((choice) => text(choice.next))].filter(Boolean);
    stack.push(...[...new Set(leads)].reverse());
  }

  let pendingArea: GameLocation | null = null;
  for (const id of order) {
    const screen = screens[id] as Json;
    const element = `screens.${id}`;
    switch (screen.type) {
      case 'navigate': {
        const target = text(screen.location);
        if (!(target in locations)) throw fileProblem(`The screen navigates to the location "${target}", which the story does not have`, { element });
        pendingArea = area(builder, target, locations[target]);
        break;
      }
      case 'text':
        builder.stops.push({ name: '', content: markdown(builder, screen.text, id), location: pendingArea, where: { element } });
        pendingArea = null;
        break;
      case 'input':
        builder.stops.push({
          name: '',
          content: markdown(builder, screen.text, id),
          location: pendingArea,
          // geo-tales compares what is typed with `answer`, which may be written as a number.
          answer: { kind: 'text', value: (typeof screen.answer === 'number' ? String(screen.answer) : text(screen.answer)).trim(), content: '', contentAfterAnswer: '' },
          where: { element },
        });
        pendingArea = null;
        break;
      case 'choices': {
        const choices = Array.isArray(screen.choices) ? screen.choices.filter(isObject) : [];
        if (choices.length < 2) throw fileProblem('A choices screen needs at least two choices', { element });
        if (choices.length > MAX_CHOICE_OPTIONS) throw fileProblem(`A choices screen has ${choices.length} choices; a question may have at most ${MAX_CHOICE_OPTIONS}`, { element });
        const points = choices.map((choice) => (typeof choice.points === 'number' ? choice.points : 0));
        const best = Math.max(...points);
        const scored = points.some((p) => p !== 0);
        if (scored) builder.note('choicePoints', id);
        if (new Set(choices.map((choice) => text(choice.next) || text(screen.next))).size > 1) builder.note('branching', id);
        builder.stops.push({
          name: '',
          content: markdown(builder, screen.text, id),
          location: pendingArea,
          answer: {
            kind: 'choice',
            content: '',
            contentAfterAnswer: '',
            // Markdown marks dropped: an option is plain text.
            options: choices.map((choice, i) => ({
              id: newContentId(),
              text: text(choice.text).replace(/[*_`#>[\]]/g, '').trim().slice(0, 200),
              correct: scored ? points[i] === best : true,
            })),
          },
          where: { element },
        });
        pendingArea = null;
        break;
      }
      case 'finish':
        // The first ending reached is the game over; a story with several endings keeps one (noted as branching).
        if (builder.gameover) builder.note('branching', id);
        else builder.gameover = markdown(builder, screen.text, id);
        break;
      default:
        throw fileProblem(`A screen's type is ${JSON.stringify(screen.type)}; geo-tales has text, input, choices, navigate and finish`, { element });
    }
  }
  const unreached = Object.keys(screens).filter((key) => !visited.has(key));
  if (unreached.length > 0) builder.note('branching', unreached.slice(0, 10).join(', '), unreached.length);
}
