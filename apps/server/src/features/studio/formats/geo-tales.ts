import { marked } from 'marked';
import { MAX_ADD_POINTS, MAX_CHOICE_OPTIONS, MAX_CONDITIONS, MAX_QUESTIONS, newContentId, type FlowAction, type FlowCondition, type FlowRule, type GameLocation } from '@streethunt/shared';
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

/** The screens a screen leads to, one per way on: each choice's `next` (else the screen's), or its `next`; a finish ends the story. */
function leadsOf(screen: Json): string[] {
  if (screen.type === 'finish') return [];
  if (screen.type === 'choices') return (Array.isArray(screen.choices) ? screen.choices.filter(isObject) : []).map((choice) => text(choice.next) || text(screen.next));
  return [text(screen.next)];
}

/** The stop screens (each becomes a question); `navigate` only gives an area and `finish` ends. */
const STOP_TYPES = new Set(['text', 'input', 'choices']);

/**
 * How a screen can be reached, as a question's condition: `always` (on the way from the start, no
 * choice made), or the options of branch questions any one of which leads to it (question id →
 * option ids). A branch's option implies its question was reached, so the options alone are enough.
 */
type Reach = 'always' | Map<string, Set<string>>;

function join(into: Reach | undefined, from: Reach): Reach {
  if (into === 'always' || from === 'always') return 'always';
  const joined = new Map(into ?? []);
  for (const [question, options] of from) joined.set(question, new Set([...(joined.get(question) ?? []), ...options]));
  return joined;
}

/** The reach as a `when`: every option of a question is `done` (a branch marks every option right), else the options chosen. */
function condition(reach: Reach, optionsOf: ReadonlyMap<string, readonly string[]>): FlowCondition | undefined {
  if (reach === 'always') return undefined;
  const parts: FlowCondition[] = [];
  for (const [question, options] of reach) {
    if (optionsOf.get(question)?.every((option) => options.has(option))) parts.push({ done: question });
    else for (const option of options) parts.push({ chose: { question, option } });
  }
  return parts.length === 1 ? parts[0] : { any: parts };
}

/**
 * The screens reached from `start`, in an order every way through the story follows (a screen comes
 * after every screen that leads to it, the ways back to a screen already shown aside), and those ways
 * back. Depth first, so a story without branches keeps its own order, and each branch's screens
 * follow one another.
 */
function layOut(screens: Json): { order: string[]; back: Set<string> } {
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const finished: string[] = [];
  const enter = (id: string) => {
    const screen: unknown = screens[id];
    if (!isObject(screen)) throw fileProblem(`A screen leads to "${id}", which the story does not have`, { element: `screens.${id}` });
    state.set(id, 'open');
    // In reverse, so the first way on comes first once the finishing order is turned round.
    return { id, leads: [...new Set(leadsOf(screen).filter(Boolean))].reverse(), next: 0 };
  };
  const stack = [enter('start')];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    const lead = frame.leads[frame.next++];
    if (lead === undefined) {
      state.set(frame.id, 'done');
      finished.push(frame.id);
      stack.pop();
    } else if (state.get(lead) === 'open') back.add(way(frame.id, lead));
    else if (!state.has(lead)) stack.push(enter(lead));
  }
  return { order: finished.reverse(), back };
}
const way = (from: string, to: string) => JSON.stringify([from, to]);

/**
 * A geo-tales story (docs/open-formats.md): `text` screens become stops with nothing to answer,
 * `input` screens text answers, `choices` screens choice answers (the options with the most points
 * are right; without points every option is), `navigate` gives the area of the stop it leads to (or
 * is a stop of its own, to walk to, when it leads to none), `finish` is the game over. Its `start`
 * location is the start. A choices screen whose options lead to different screens is a branch
 * question: every option right, each screen an option leads to opens only once that option is chosen
 * (DESIGN.md section 12), its points added by the option's rule. A way back to a screen already shown
 * is noted: a game shows each question once.
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

  const { order, back } = layOut(screens);
  const forward = (from: string, to: string) => to !== '' && !back.has(way(from, to));
  for (const id of order) if (leadsOf(screens[id] as Json).some((lead) => back.has(way(id, lead)))) builder.note('branching', id);

  // Each stop screen's question, its options' ids, and the navigate screens whose area goes to the stop they lead to.
  const questionOf = new Map<string, string>();
  const optionsOf = new Map<string, string[]>();
  const areaFrom = new Map<string, string>();
  for (const id of order) {
    const screen = screens[id] as Json;
    if (STOP_TYPES.has(String(screen.type))) questionOf.set(id, newContentId());
    const next = text(screen.next);
    if (screen.type === 'navigate' && forward(id, next) && STOP_TYPES.has(String((screens[next] as Json).type)) && !areaFrom.has(next)) areaFrom.set(next, id);
  }
  const passesArea = new Set(areaFrom.values());
  // Before anything grows with the story's size: more stops than a game may have is refused as the builder would.
  const stops = order.filter((id) => questionOf.has(id) || ((screens[id] as Json).type === 'navigate' && !passesArea.has(id))).length;
  if (stops > MAX_QUESTIONS) throw fileProblem(`The file holds ${stops} stops; a game may have at most ${MAX_QUESTIONS}`);
  const isBranch = (screen: Json) => screen.type === 'choices' && new Set(leadsOf(screen)).size > 1;

  // How each screen is reached, in the laid-out order (every screen leading to one comes before it).
  const reach = new Map<string, Reach>([['start', 'always']]);
  for (const id of order) {
    const screen = screens[id] as Json;
    // Every screen but the start is reached by a way on from one before it (a finish opens nothing).
    const here = reach.get(id) ?? 'always';
    const leads = leadsOf(screen);
    const branch = isBranch(screen);
    if (branch) {
      if (leads.length > MAX_CHOICE_OPTIONS) continue; // refused below, with the screen named
      optionsOf.set(questionOf.get(id)!, leads.map(() => newContentId()));
    }
    leads.forEach((lead, i) => {
      // A finish opens nothing: only how stops and navigate screens are reached matters.
      if (!forward(id, lead) || (screens[lead] as Json).type === 'finish') return;
      const by: Reach = branch ? new Map([[questionOf.get(id)!, new Set([optionsOf.get(questionOf.get(id)!)![i]!])]]) : here;
      reach.set(lead, join(reach.get(lead), by));
    });
  }

  const whenOf = (id: string, element: string): FlowCondition | undefined => {
    const when = condition(reach.get(id) ?? 'always', optionsOf);
    const parts = when && 'any' in when ? when.any.length + 1 : 1;
    if (parts > MAX_CONDITIONS) {
      throw fileProblem(`The story's choices lead to this screen in ${parts - 1} ways; a question can open on at most ${MAX_CONDITIONS - 1}`, { element });
    }
    return when;
  };

  const navigated = new Map<string, GameLocation>();
  for (const id of order) {
    const screen = screens[id] as Json;
    const element = `screens.${id}`;
    const stop = { name: '', id: questionOf.get(id), where: { element } };
    // A stop a navigate screen leads to is where that screen navigates (read before it: it comes earlier in the order).
    const navigate = areaFrom.get(id);
    const location = navigate === undefined ? null : (navigated.get(navigate) ?? null);
    const when = whenOf(id, element);
    switch (screen.type) {
      case 'navigate': {
        const target = text(screen.location);
        if (!(target in locations)) throw fileProblem(`The screen navigates to the location "${target}", which the story does not have`, { element });
        const spot = area(builder, target, locations[target]);
        navigated.set(id, spot);
        // Leading to no stop of its own (back to a screen already shown, or to the finish): a stop to walk to.
        if (!passesArea.has(id)) builder.stops.push({ ...stop, content: '', location: spot, ...(when && { when }) });
        break;
      }
      case 'text':
        builder.stops.push({ ...stop, content: markdown(builder, screen.text, id), location, ...(when && { when }) });
        break;
      case 'input':
        builder.stops.push({
          ...stop,
          content: markdown(builder, screen.text, id),
          location,
          // geo-tales compares what is typed with `answer`, which may be written as a number.
          answer: { kind: 'text', value: (typeof screen.answer === 'number' ? String(screen.answer) : text(screen.answer)).trim(), content: '', contentAfterAnswer: '' },
          ...(when && { when }),
        });
        break;
      case 'choices': {
        const choices = Array.isArray(screen.choices) ? screen.choices.filter(isObject) : [];
        if (choices.length < 2) throw fileProblem('A choices screen needs at least two choices', { element });
        if (choices.length > MAX_CHOICE_OPTIONS) throw fileProblem(`A choices screen has ${choices.length} choices; a question may have at most ${MAX_CHOICE_OPTIONS}`, { element });
        const points = choices.map((choice) => (typeof choice.points === 'number' ? choice.points : 0));
        const best = Math.max(...points);
        const scored = points.some((p) => p !== 0);
        const branchIds = optionsOf.get(stop.id!);
        const then: FlowRule[] = [];
        if (branchIds) {
          // A branch: every option goes on, its points (whole, within a rule's limit) added by its rule, and an option to the finish ends the game.
          choices.forEach((choice, i) => {
            const actions: FlowAction[] = [];
            const p = points[i]!;
            if (p !== 0 && Number.isInteger(p) && Math.abs(p) <= MAX_ADD_POINTS) actions.push({ addPoints: p });
            else if (p !== 0) builder.note('choicePoints', id);
            const lead = text(choice.next) || text(screen.next);
            if (lead && (screens[lead] as Json | undefined)?.type === 'finish') actions.push({ end: true });
            if (actions.length > 0) then.push({ on: { chose: branchIds[i]! }, do: actions });
          });
        } else if (scored) builder.note('choicePoints', id);
        builder.stops.push({
          ...stop,
          content: markdown(builder, screen.text, id),
          location,
          answer: {
            kind: 'choice',
            content: '',
            contentAfterAnswer: '',
            // Markdown marks dropped: an option is plain text.
            options: choices.map((choice, i) => ({
              id: branchIds?.[i] ?? newContentId(),
              text: text(choice.text).replace(/[*_`#>[\]]/g, '').trim().slice(0, 200),
              correct: branchIds !== undefined || !scored || points[i] === best,
            })),
          },
          ...(when && { when }),
          ...(then.length > 0 && { then }),
        });
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
  const reached = new Set(order);
  const unreached = Object.keys(screens).filter((key) => !reached.has(key));
  if (unreached.length > 0) builder.note('branching', unreached.slice(0, 10).join(', '), unreached.length);
}
