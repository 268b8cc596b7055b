import { branchQuestions, checkFlow, type FlowCondition, type FlowOrder, type FlowProblem, type FlowQuestion } from '@streethunt/shared';

/**
 * The game's flow as a graph for the editor's flow view: a start, the questions and an end, with an
 * edge for every way one question leads to another (its turn in a line, a condition that names it, a
 * flag one sets and another waits for, an `end`), laid out in layers from the start. Pure: the view
 * only draws it.
 */

type GraphEdgeKind = 'next' | 'done' | 'skipped' | 'chose' | 'flag' | 'end';
export type GraphNode =
  | { id: 'start' | 'end'; kind: 'start' | 'end'; x: number; y: number }
  | {
      id: string;
      kind: 'question';
      index: number;
      x: number;
      y: number;
      problems: FlowProblem[];
      /** Its options lead different ways. */
      branch: boolean;
      /** Its condition also waits on the score or the clock. */
      waits: Array<'scoreAtLeast' | 'minutesAtLeast'>;
    };
export type GraphEdge = { id: string; source: string; target: string; kind: GraphEdgeKind; negated: boolean; option?: string; flag?: string };

/** Room for one node, in the view's units. */
export const NODE_WIDTH = 200;
const COLUMN = 230;
const ROW = 160;
/** Questions side by side in one row at most: more wrap to the next row, so a free-order game stays narrow. */
const PER_ROW = 3;

type Atom = { c: FlowCondition; negated: boolean };
function atoms(c: FlowCondition, negated: boolean, out: Atom[]): Atom[] {
  if ('all' in c) for (const x of c.all) atoms(x, negated, out);
  else if ('any' in c) for (const x of c.any) atoms(x, negated, out);
  else if ('not' in c) atoms(c.not, !negated, out);
  else out.push({ c, negated });
  return out;
}

export function flowGraph(questions: readonly FlowQuestion[], order: FlowOrder | undefined): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const byId = new Map(questions.map((q, i) => [q.id, i] as const));
  const setters = new Map<string, number[]>();
  questions.forEach((q, i) => {
    for (const rule of q.then ?? [])
      for (const action of rule.do) if ('setFlag' in action) setters.set(action.setFlag, [...new Set([...(setters.get(action.setFlag) ?? []), i])]);
  });
  const problems = checkFlow(questions, order);
  const branches = branchQuestions(questions);

  const edges: GraphEdge[] = [];
  const add = (edge: Omit<GraphEdge, 'id'>) => {
    const id = `${edge.source}>${edge.target}:${edge.kind}:${edge.option ?? edge.flag ?? ''}:${edge.negated ? 'not' : ''}`;
    if (!edges.some((e) => e.id === id)) edges.push({ id, ...edge });
  };
  // In a line, a question nothing names comes after every path so far (the "tails"); a fork whose every
  // option opens its own question is no tail itself: play goes on from its sides.
  let tails: string[] = ['start'];
  const chosen = new Map<string, Set<string>>();
  const optionsOf = (id: string) => {
    const answer = questions[byId.get(id)!]!.answer;
    return answer?.kind === 'choice' ? (answer.options ?? []).map((o) => o.id) : [];
  };
  const fullyForked = (id: string) => {
    const options = optionsOf(id);
    return options.length > 0 && options.every((o) => chosen.get(id)?.has(o));
  };
  questions.forEach((q) => {
    const list = q.when ? atoms(q.when, false, []) : [];
    let named = false;
    for (const { c, negated } of list) {
      const target = q.id;
      if ('done' in c || 'skipped' in c || 'chose' in c) {
        const source = 'done' in c ? c.done : 'skipped' in c ? c.skipped : c.chose.question;
        if (!byId.has(source)) continue;
        named = true;
        add({ source, target, negated, kind: 'done' in c ? 'done' : 'skipped' in c ? 'skipped' : 'chose', ...('chose' in c && { option: c.chose.option }) });
        if ('chose' in c && !negated) chosen.set(source, new Set([...(chosen.get(source) ?? []), c.chose.option]));
      } else if ('flag' in c) {
        for (const from of setters.get(c.flag) ?? []) {
          named = true;
          add({ source: questions[from]!.id, target, negated, kind: 'flag', flag: c.flag });
        }
      }
    }
    if (order === 'free') {
      if (!named) add({ source: 'start', target: q.id, kind: 'next', negated: false });
    } else if (named) {
      tails = [...tails, q.id];
    } else {
      for (const source of tails.filter((id) => id === 'start' || !fullyForked(id))) add({ source, target: q.id, kind: 'next', negated: false });
      tails = [q.id];
    }
    if ((q.then ?? []).some((rule) => rule.do.some((a) => 'end' in a))) add({ source: q.id, target: 'end', kind: 'end', negated: false });
  });
  // Where a path ends: the line's last tails, and any question nothing follows.
  const toEnd = (id: string) => edges.some((e) => e.source === id && e.target === 'end');
  if (order !== 'free') for (const source of tails.filter((id) => id !== 'start' && !fullyForked(id) && !toEnd(id))) add({ source, target: 'end', kind: 'next', negated: false });
  for (const q of questions) if (!edges.some((e) => e.source === q.id)) add({ source: q.id, target: 'end', kind: 'next', negated: false });
  if (questions.length === 0) add({ source: 'start', target: 'end', kind: 'next', negated: false });

  // Layers: one below the deepest question that leads to it (an edge back, from a cycle, is not followed).
  const layer = new Map<string, number>([['start', 0]]);
  const visiting = new Set<string>();
  const layerOf = (id: string): number => {
    const known = layer.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const from = edges.filter((e) => e.target === id && e.source !== id).map((e) => layerOf(e.source));
    visiting.delete(id);
    const value = from.length > 0 ? Math.max(...from) + 1 : 1;
    layer.set(id, value);
    return value;
  };
  questions.forEach((q) => layerOf(q.id));
  const lastLayer = Math.max(0, ...questions.map((q) => layer.get(q.id)!));

  // Each layer's questions in game order, PER_ROW to a row, centred on x = 0.
  const nodes: GraphNode[] = [{ id: 'start', kind: 'start', x: 0, y: 0 }];
  let y = ROW;
  for (let l = 1; l <= lastLayer; l++) {
    const inLayer = questions.map((q, i) => ({ q, i })).filter(({ q }) => layer.get(q.id) === l);
    for (let r = 0; r < inLayer.length; r += PER_ROW) {
      const row = inLayer.slice(r, r + PER_ROW);
      row.forEach(({ q, i }, slot) => {
        const wait = q.when ? atoms(q.when, false, []).flatMap(({ c }) => ('scoreAtLeast' in c ? ['scoreAtLeast' as const] : 'minutesAtLeast' in c ? ['minutesAtLeast' as const] : [])) : [];
        nodes.push({
          id: q.id,
          kind: 'question',
          index: i,
          x: (slot - (row.length - 1) / 2) * COLUMN,
          y,
          problems: problems.filter((p) => p.question === q.id),
          branch: branches.has(q.id),
          waits: [...new Set(wait)],
        });
      });
      y += ROW;
    }
  }
  nodes.push({ id: 'end', kind: 'end', x: 0, y });
  return { nodes, edges };
}
