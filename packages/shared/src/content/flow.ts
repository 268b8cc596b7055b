import type { QuestionStatus } from '../game/question-status.ts';
import { SCORE_PER_DONE_QUESTION } from '../game/score.ts';
import type { FlowAction, FlowCondition, FlowRule } from './flow-model.ts';

/**
 * The one place that decides a game's order (DESIGN.md section 12): for a version's questions and a
 * play's state, which questions are playable, which one to suggest, and whether the game is over; and
 * what a question's outcome does. Pure and synchronous, so the server, the phone (offline too) and the
 * editor's preview all get the same answer.
 *
 * "Can this still open?" is decided soundly with three truth values: a condition on something that may
 * still change (a question still open or able to open, a flag an action still able to run could set,
 * the score while points can still be won, minutes not yet reached) is unknown; a question whose
 * condition is false for every future is passed over and never blocks the end. The questions able to
 * open are the least fixpoint grown from what is open now, so two questions waiting on each other
 * are both passed over instead of holding the game open forever.
 */

export type FlowOrder = 'linear' | 'free';
export type FlowOutcome = 'right' | 'wrong' | 'skipped';

/** What flow reads of a question: its id, its rules, and its options (for the checker). */
export type FlowQuestion = {
  id: string;
  when?: FlowCondition | undefined;
  then?: readonly FlowRule[] | undefined;
  answer?: { kind?: string | undefined; options?: ReadonlyArray<{ id: string }> | undefined } | undefined;
};

/**
 * A play's state as flow reads it, each question by its index in the version. `chose`: the option of
 * the team's accepted answer (a wrong option chooses nothing). `score`: the points won by playing
 * (questions, hints, wrong attempts, `addPoints`) without the time penalty, so it changes only through
 * play and a game with nothing left to play cannot wait on it. `minutes`: since the start. `ended`:
 * an `end` action ran.
 */
export type FlowPlayState = {
  questions: ReadonlyArray<{ status?: QuestionStatus | null; chose?: string | null } | undefined>;
  flags?: ReadonlySet<string> | readonly string[];
  score?: number;
  minutes?: number;
  ended?: boolean;
};

/** The wire shape every progress reply carries. */
export type Flow = { playable: string[]; next: string | null; over: boolean };

/** What running a question's outcome does, in the order its rules are written. */
export type OutcomeEffects = { flags: string[]; points: number; say: string[]; end: boolean };

// Conditions compiled once per version: question ids turned into indexes (-1: missing).
type Node =
  | { k: 'done' | 'skipped'; q: number }
  | { k: 'chose'; q: number; o: string }
  | { k: 'flag'; f: string }
  | { k: 'score' | 'minutes'; n: number }
  | { k: 'all' | 'any'; c: Node[] }
  | { k: 'not'; c: Node };

type Compiled = {
  ids: string[];
  index: Map<string, number>;
  when: Array<Node | undefined>;
  /** The flags each question's rules may set. */
  sets: string[][];
  /** Who reads what: questions whose condition names question i, flag f, or the score. */
  readersOfQuestion: number[][];
  readersOfFlag: Map<string, number[]>;
  readersOfScore: number[];
};

/** Whether a question has this option; a question given without its answer is taken to have it. */
function hasOption(question: FlowQuestion, option: string): boolean {
  if (!question.answer) return true;
  return question.answer.kind === 'choice' && (question.answer.options ?? []).some((o) => o.id === option);
}

/** The flags a question's rules may set (a rule on an option it does not have never runs). */
function flagsSetBy(question: FlowQuestion): string[] {
  const flags = new Set<string>();
  for (const rule of question.then ?? []) {
    if (typeof rule.on === 'object' && !hasOption(question, rule.on.chose)) continue;
    for (const action of rule.do) if ('setFlag' in action) flags.add(action.setFlag);
  }
  return [...flags];
}

const compiledCache = new WeakMap<readonly FlowQuestion[], Compiled>();

function compile(questions: readonly FlowQuestion[]): Compiled {
  const cached = compiledCache.get(questions);
  if (cached) return cached;
  const index = new Map<string, number>();
  questions.forEach((q, i) => {
    if (!index.has(q.id)) index.set(q.id, i);
  });
  const readersOfQuestion: number[][] = questions.map(() => []);
  const readersOfFlag = new Map<string, number[]>();
  const readersOfScore: number[] = [];
  const addReader = (list: number[], reader: number) => {
    if (list[list.length - 1] !== reader) list.push(reader);
  };
  const toNode = (c: FlowCondition, reader: number): Node => {
    if ('done' in c || 'skipped' in c) {
      const k = 'done' in c ? 'done' : 'skipped';
      const q = index.get('done' in c ? c.done : c.skipped) ?? -1;
      if (q >= 0) addReader(readersOfQuestion[q]!, reader);
      return { k, q };
    }
    if ('chose' in c) {
      let q = index.get(c.chose.question) ?? -1;
      // An option the question does not have can never be chosen.
      if (q >= 0 && !hasOption(questions[q]!, c.chose.option)) q = -1;
      if (q >= 0) addReader(readersOfQuestion[q]!, reader);
      return { k: 'chose', q, o: c.chose.option };
    }
    if ('flag' in c) {
      let list = readersOfFlag.get(c.flag);
      if (!list) readersOfFlag.set(c.flag, (list = []));
      addReader(list, reader);
      return { k: 'flag', f: c.flag };
    }
    if ('scoreAtLeast' in c) {
      addReader(readersOfScore, reader);
      return { k: 'score', n: c.scoreAtLeast };
    }
    if ('minutesAtLeast' in c) return { k: 'minutes', n: c.minutesAtLeast };
    if ('all' in c) return { k: 'all', c: c.all.map((x) => toNode(x, reader)) };
    if ('any' in c) return { k: 'any', c: c.any.map((x) => toNode(x, reader)) };
    return { k: 'not', c: toNode(c.not, reader) };
  };
  const compiled: Compiled = {
    ids: questions.map((q) => q.id),
    index,
    when: questions.map((q, i) => (q.when ? toNode(q.when, i) : undefined)),
    sets: questions.map((q) => flagsSetBy(q)),
    readersOfQuestion,
    readersOfFlag,
    readersOfScore,
  };
  compiledCache.set(questions, compiled);
  return compiled;
}

const F = 0;
const T = 1;
const U = 2;
type Truth = typeof F | typeof T | typeof U;

/** Right answer accepted (the team may still be reading the text after it). */
export const isRight = (s: QuestionStatus | null | undefined) => s === 'ANSWERED' || s === 'DONE';
/** Given up: the solution shown, or skipped. */
export const isGivenUp = (s: QuestionStatus | null | undefined) => s === 'SOLUTION' || s === 'SKIPPED';

type Ctx = {
  statuses: Array<QuestionStatus | null>;
  chose: Array<string | null>;
  flags: ReadonlySet<string>;
  score: number;
  minutes: number;
  /** Unstarted questions that can still open. */
  live: Uint8Array;
  /** Per flag: how many questions whose rules may still run could set it. */
  pendingFlag: Map<string, number>;
  /** Questions that can still win points (open, or able to open). */
  pending: number;
};

/** The condition now: a question not started is neither done, skipped nor chosen. */
function holds(node: Node, ctx: Ctx): boolean {
  switch (node.k) {
    case 'done':
      return node.q >= 0 && isRight(ctx.statuses[node.q]);
    case 'skipped':
      return node.q >= 0 && isGivenUp(ctx.statuses[node.q]);
    case 'chose':
      return node.q >= 0 && isRight(ctx.statuses[node.q]) && ctx.chose[node.q] === node.o;
    case 'flag':
      return ctx.flags.has(node.f);
    case 'score':
      return ctx.score >= node.n;
    case 'minutes':
      return ctx.minutes >= node.n;
    case 'all':
      return node.c.every((c) => holds(c, ctx));
    case 'any':
      return node.c.some((c) => holds(c, ctx));
    case 'not':
      return !holds(node.c, ctx);
  }
}

/** Whether a question's outcome is still to come: started and undecided, or able to open. */
const undecided = (q: number, ctx: Ctx) => ctx.statuses[q] === 'STARTED' || ctx.live[q] === 1;

/** The condition over every future the state can reach: true, false, or unknown yet. */
function truth(node: Node, ctx: Ctx): Truth {
  switch (node.k) {
    case 'done':
    case 'skipped':
    case 'chose': {
      if (node.q < 0) return F;
      const status = ctx.statuses[node.q];
      if (isRight(status) || isGivenUp(status)) return holds(node, ctx) ? T : F;
      return undecided(node.q, ctx) ? U : F;
    }
    case 'flag':
      return ctx.flags.has(node.f) ? T : (ctx.pendingFlag.get(node.f) ?? 0) > 0 ? U : F;
    case 'score':
      // Points won or lost by play still to come may move it either way.
      return ctx.pending > 0 ? U : ctx.score >= node.n ? T : F;
    case 'minutes':
      return ctx.minutes >= node.n ? T : U;
    case 'all': {
      let result: Truth = T;
      for (const c of node.c) {
        const v = truth(c, ctx);
        if (v === F) return F;
        if (v === U) result = U;
      }
      return result;
    }
    case 'any': {
      let result: Truth = F;
      for (const c of node.c) {
        const v = truth(c, ctx);
        if (v === T) return T;
        if (v === U) result = U;
      }
      return result;
    }
    case 'not': {
      const v = truth(node.c, ctx);
      return v === U ? U : v === T ? F : T;
    }
  }
}

type Analysis = { compiled: Compiled; ctx: Ctx; cursor: number };

function analyse(questions: readonly FlowQuestion[], order: FlowOrder | undefined, state: FlowPlayState): Analysis {
  const compiled = compile(questions);
  const n = questions.length;
  const statuses: Array<QuestionStatus | null> = new Array<QuestionStatus | null>(n);
  const chose: Array<string | null> = new Array<string | null>(n);
  let cursor = -1;
  const flags = state.flags instanceof Set ? (state.flags as ReadonlySet<string>) : new Set(state.flags ?? []);
  const ctx: Ctx = { statuses, chose, flags, score: state.score ?? 0, minutes: state.minutes ?? 0, live: new Uint8Array(n), pendingFlag: new Map(), pending: 0 };
  const bump = (i: number) => {
    ctx.pending++;
    for (const f of compiled.sets[i]!) ctx.pendingFlag.set(f, (ctx.pendingFlag.get(f) ?? 0) + 1);
  };
  for (let i = 0; i < n; i++) {
    const s = state.questions[i]?.status ?? null;
    statuses[i] = s;
    chose[i] = state.questions[i]?.chose ?? null;
    if (s !== null) cursor = i;
    // A started question's rules may all still run; an answered one still wins its points on 'continue'.
    if (s === 'STARTED') bump(i);
    else if (s === 'ANSWERED') ctx.pending++;
  }
  if (state.ended) return { compiled, ctx, cursor };
  const open = (i: number) => {
    ctx.live[i] = 1;
    const wasIdle = ctx.pending === 0;
    bump(i);
    return wasIdle;
  };
  if (order === 'free') {
    // Grow from what can open now; a question is looked at again only when something it reads changes.
    const queued = new Uint8Array(n);
    const queue: number[] = [];
    for (let i = n - 1; i >= 0; i--) {
      if (statuses[i] === null) {
        queue.push(i);
        queued[i] = 1;
      }
    }
    const wake = (list: readonly number[] | undefined) => {
      for (const r of list ?? []) {
        if (statuses[r] === null && !ctx.live[r] && !queued[r]) {
          queued[r] = 1;
          queue.push(r);
        }
      }
    };
    while (queue.length > 0) {
      const i = queue.pop()!;
      queued[i] = 0;
      const when = compiled.when[i];
      if (when && truth(when, ctx) === F) continue;
      const wasIdle = open(i);
      wake(compiled.readersOfQuestion[i]);
      for (const f of compiled.sets[i]!) if (!flags.has(f) && ctx.pendingFlag.get(f) === 1) wake(compiled.readersOfFlag.get(f));
      if (wasIdle) wake(compiled.readersOfScore);
    }
  } else {
    // In a line a question can only be reached after every earlier one, and one not started before the
    // furthest started question was passed: what a question reads can only come from earlier ones, so
    // one pass in order is the fixpoint.
    for (let i = cursor + 1; i < n; i++) {
      const when = compiled.when[i];
      if (!when || truth(when, ctx) !== F) open(i);
    }
  }
  return { compiled, ctx, cursor };
}

/** Which questions are playable, which to suggest, and whether the game is over. */
export function flow(questions: readonly FlowQuestion[], order: FlowOrder | undefined, state: FlowPlayState): Flow {
  const { compiled, ctx } = analyse(questions, order, state);
  const { statuses, live } = ctx;
  const playable: string[] = [];
  let underWay: string | null = null;
  let firstNew: string | null = null;
  let openStarted = 0;
  let liveCount = 0;
  // A started question stays playable (a late or replayed change to it is no error); what is new opens only before the end.
  let blocked = state.ended === true;
  for (let i = 0; i < questions.length; i++) {
    const s = statuses[i];
    if (s !== null) {
      playable.push(compiled.ids[i]!);
      if (s !== 'DONE' && s !== 'SKIPPED') {
        openStarted++;
        underWay ??= compiled.ids[i]!;
      }
      // In a line the question under way comes first; one answered or given up leaves only 'continue'.
      if (s === 'STARTED' && order !== 'free') blocked = true;
      continue;
    }
    if (!live[i]) continue;
    liveCount++;
    if (blocked) continue;
    const when = compiled.when[i];
    if (when && !holds(when, ctx)) continue;
    playable.push(compiled.ids[i]!);
    firstNew ??= compiled.ids[i]!;
    if (order !== 'free') blocked = true;
  }
  const over = state.ended === true || (openStarted === 0 && liveCount === 0);
  return { playable, next: over ? null : (underWay ?? firstNew), over };
}

/**
 * Where a play stands with each question: `begun` (it has a status), `open` (not begun, and it can
 * still become playable), or `passed` (it never can: another branch was taken, or a line moved past
 * it). The creator's funnel counts a question only for the plays that could reach it.
 */
export type QuestionReach = 'begun' | 'open' | 'passed';

export function questionReach(questions: readonly FlowQuestion[], order: FlowOrder | undefined, state: FlowPlayState): QuestionReach[] {
  const { ctx } = analyse(questions, order, state);
  return questions.map((_, i) => (ctx.statuses[i] !== null ? 'begun' : ctx.live[i] === 1 ? 'open' : 'passed'));
}

/** The questions whose options lead different ways: a condition (`chose`) or the question's own rule names one of them. */
export function branchQuestions(questions: readonly FlowQuestion[]): Set<string> {
  const branches = new Set<string>();
  const visit = (c: FlowCondition) => {
    if ('chose' in c) branches.add(c.chose.question);
    else if ('all' in c) c.all.forEach(visit);
    else if ('any' in c) c.any.forEach(visit);
    else if ('not' in c) visit(c.not);
  };
  for (const q of questions) {
    if (q.when) visit(q.when);
    if ((q.then ?? []).some((rule) => typeof rule.on === 'object')) branches.add(q.id);
  }
  return branches;
}

/** Whether a rule answers to this outcome: `chose` is a right answer with that option. */
function triggers(rule: FlowRule, outcome: FlowOutcome, option: string | null | undefined): boolean {
  return typeof rule.on === 'string' ? rule.on === outcome : outcome === 'right' && option != null && rule.on.chose === option;
}

/** What a question's outcome does: every rule that answers to it, in the order written. */
export function outcomeEffects(question: Pick<FlowQuestion, 'then'>, outcome: FlowOutcome, option?: string | null): OutcomeEffects {
  const effects: OutcomeEffects = { flags: [], points: 0, say: [], end: false };
  for (const rule of question.then ?? []) {
    if (!triggers(rule, outcome, option)) continue;
    for (const action of rule.do) runAction(action, effects);
  }
  return effects;
}

function runAction(action: FlowAction, effects: OutcomeEffects) {
  if ('setFlag' in action) {
    if (!effects.flags.includes(action.setFlag)) effects.flags.push(action.setFlag);
  } else if ('addPoints' in action) effects.points += action.addPoints;
  else if ('say' in action) effects.say.push(action.say);
  else effects.end = true;
}

/** A play's state as the simulator keeps it (and as the server and phone can keep theirs). */
export type FlowRunState = {
  questions: Array<{ status: QuestionStatus | null; chose: string | null }>;
  flags: string[];
  score: number;
  minutes: number;
  ended: boolean;
};

/** A fresh play of these questions. */
export function freshFlowState(questions: readonly FlowQuestion[]): FlowRunState {
  return { questions: questions.map(() => ({ status: null, chose: null })), flags: [], score: 0, minutes: 0, ended: false };
}

/**
 * One outcome applied: right closes the question (DONE, its points and its option chosen), skipped
 * closes it (SKIPPED), wrong starts it and leaves it open; then its rules run (a wrong try's only once). Refused (null) when the
 * question is missing, closed, or not playable.
 */
export function applyFlowOutcome(
  questions: readonly FlowQuestion[],
  order: FlowOrder | undefined,
  state: FlowRunState,
  step: { question: string; outcome: FlowOutcome; option?: string | null },
): { state: FlowRunState; effects: OutcomeEffects } | null {
  const index = compile(questions).index.get(step.question);
  if (index === undefined) return null;
  const current = state.questions[index]!;
  if (current.status === 'DONE' || current.status === 'SKIPPED') return null;
  if (!flow(questions, order, state).playable.includes(step.question)) return null;
  const option = step.outcome === 'right' ? (step.option ?? null) : null;
  // A question's wrong-answer rules run once, at its first wrong try (as a play's are: content/play-flow.ts).
  const again = step.outcome === 'wrong' && current.status === 'STARTED';
  const effects = again ? { flags: [], points: 0, say: [], end: false } : outcomeEffects(questions[index]!, step.outcome, option);
  const status: QuestionStatus = step.outcome === 'right' ? 'DONE' : step.outcome === 'skipped' ? 'SKIPPED' : 'STARTED';
  const next: FlowRunState = {
    questions: state.questions.map((q, i) => (i === index ? { status, chose: option } : q)),
    flags: [...state.flags, ...effects.flags.filter((f) => !state.flags.includes(f))],
    score: state.score + effects.points + (step.outcome === 'right' ? SCORE_PER_DONE_QUESTION : 0),
    minutes: state.minutes,
    ended: state.ended || effects.end,
  };
  return { state: next, effects };
}

export type FlowStep = { question: string; outcome: FlowOutcome; option?: string | null; minutes?: number };
export type SimulatedStep = { step: FlowStep; accepted: boolean; flow: Flow; score: number; said: string[]; flags: string[] };

/**
 * The editor preview's path simulator: the steps played in turn on a fresh play (a step on a question
 * not playable then is not accepted and changes nothing), with the flow, the score (points won, no
 * time penalty) and the texts said after each. `minutes` on a step sets the clock before it.
 */
export function simulateFlow(questions: readonly FlowQuestion[], order: FlowOrder | undefined, steps: readonly FlowStep[]): SimulatedStep[] {
  let state = freshFlowState(questions);
  return steps.map((step) => {
    if (step.minutes !== undefined) state = { ...state, minutes: Math.max(state.minutes, step.minutes) };
    const result = applyFlowOutcome(questions, order, state, step);
    if (result) state = result.state;
    return { step, accepted: result !== null, flow: flow(questions, order, state), score: state.score, said: result?.effects.say ?? [], flags: [...state.flags] };
  });
}

/** A flow that cannot work, named on the question that carries the problem; `detail` names what is wrong (an id, an option, a flag). */
export type FlowProblem = {
  question: string;
  code: 'missing-question' | 'missing-option' | 'unset-flag' | 'unreachable' | 'end-unreachable' | 'circular';
  detail?: string;
};

/** The questions a condition cannot hold without: every path to it has decided them. */
function required(c: FlowCondition, out: Set<string>): Set<string> {
  if ('done' in c) out.add(c.done);
  else if ('skipped' in c) out.add(c.skipped);
  else if ('chose' in c) out.add(c.chose.question);
  else if ('all' in c) for (const x of c.all) required(x, out);
  else if ('any' in c && c.any.length > 0) {
    const sets = c.any.map((x) => required(x, new Set()));
    for (const id of sets[0]!) if (sets.every((s) => s.has(id))) out.add(id);
  }
  return out;
}

function eachAtom(c: FlowCondition, visit: (atom: FlowCondition) => void) {
  if ('all' in c) for (const x of c.all) eachAtom(x, visit);
  else if ('any' in c) for (const x of c.any) eachAtom(x, visit);
  else if ('not' in c) eachAtom(c.not, visit);
  else visit(c);
}

/**
 * What makes a flow unable to work, for send-to-approval and the editor: a condition on a missing
 * question or option, a flag no action sets, a rule on an option its question lacks, questions that
 * wait on each other, a question no path reaches, an `end` no path reaches. A draft may still hold them.
 */
export function checkFlow(questions: readonly FlowQuestion[], order: FlowOrder | undefined): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const byId = new Map(questions.map((q) => [q.id, q] as const));
  const optionsOf = (q: FlowQuestion | undefined) => new Set(q?.answer?.kind === 'choice' ? (q.answer.options ?? []).map((o) => o.id) : []);
  const setFlags = new Set(questions.flatMap((q) => (q.then ?? []).flatMap((r) => r.do.flatMap((a) => ('setFlag' in a ? [a.setFlag] : [])))));
  for (const q of questions) {
    if (q.when) {
      eachAtom(q.when, (atom) => {
        const target = 'done' in atom ? atom.done : 'skipped' in atom ? atom.skipped : 'chose' in atom ? atom.chose.question : null;
        if (target !== null && !byId.has(target)) problems.push({ question: q.id, code: 'missing-question', detail: target });
        else if ('chose' in atom && !optionsOf(byId.get(atom.chose.question)).has(atom.chose.option)) {
          problems.push({ question: q.id, code: 'missing-option', detail: `${atom.chose.question}:${atom.chose.option}` });
        } else if ('flag' in atom && !setFlags.has(atom.flag)) problems.push({ question: q.id, code: 'unset-flag', detail: atom.flag });
      });
    }
    const own = optionsOf(q);
    for (const rule of q.then ?? []) {
      if (typeof rule.on === 'object' && !own.has(rule.on.chose)) problems.push({ question: q.id, code: 'missing-option', detail: `${q.id}:${rule.on.chose}` });
    }
  }

  // Questions that wait on each other (each needs the other decided first): a cycle of requirements.
  const requires = questions.map((q) => [...(q.when ? required(q.when, new Set()) : [])].filter((id) => byId.has(id)));
  const position = new Map(questions.map((q, i) => [q.id, i] as const));
  const circular = new Set<number>();
  const colour = new Uint8Array(questions.length); // 0 new, 1 on the path, 2 done
  const path: number[] = [];
  const visit = (i: number) => {
    colour[i] = 1;
    path.push(i);
    for (const id of requires[i]!) {
      const j = position.get(id)!;
      if (colour[j] === 1) for (let k = path.lastIndexOf(j); k < path.length; k++) circular.add(path[k]!);
      else if (colour[j] === 0) visit(j);
    }
    path.pop();
    colour[i] = 2;
  };
  for (let i = 0; i < questions.length; i++) if (colour[i] === 0) visit(i);
  for (const i of circular) problems.push({ question: questions[i]!.id, code: 'circular' });

  // From a fresh play: what can never open. In a line a question that needs a later one decided is
  // passed over before that can happen.
  const { ctx } = analyse(questions, order, { questions: [] });
  questions.forEach((q, i) => {
    const needsLater = order !== 'free' && requires[i]!.some((id) => position.get(id)! > i);
    const reachable = ctx.live[i] === 1 && !needsLater;
    if (reachable) return;
    if (!circular.has(i)) problems.push({ question: q.id, code: 'unreachable' });
    if ((q.then ?? []).some((r) => r.do.some((a) => 'end' in a))) problems.push({ question: q.id, code: 'end-unreachable' });
  });
  return problems;
}
