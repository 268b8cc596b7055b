/**
 * `npm run bench` (DESIGN.md section 7): what judging a game's flow costs one progress change on the
 * server, for the largest game the limits allow (200 questions, each with a condition of 20 parts and
 * rules that set flags and give points). A change runs what the server runs: the flow of the play as
 * it is (is the question playable?), then the reply's outcomes, points, score and flow. Budget: under
 * 1 ms per change (p95). Pure CPU in this process: no server, no database.
 */
import { performance } from 'node:perf_hooks';
import {
  gameContentSchema,
  MAX_CONDITIONS,
  playFlow,
  playOutcomes,
  withRulePoints,
  computeScore,
  type FlowCondition,
  type GameContent,
  type Progress,
} from '@streethunt/shared';

const QUESTIONS = 200;
const FLAGS = 10;
const BUDGET_MS = 1;
const PLAYS = Number(process.env.BENCH_FLOW_PLAYS ?? 20);

const id = (i: number) => `q${i}`;
const flag = (i: number) => `flag-${i % FLAGS}`;

/** Exactly MAX_CONDITIONS parts, three deep: what came before, flags, the score, the clock, options taken. */
function condition(i: number): FlowCondition {
  const earlier = (k: number) => id(Math.max(0, i - 1 - k));
  const atoms: FlowCondition[] = [
    { done: earlier(0) },
    { skipped: earlier(1) },
    { flag: flag(i) },
    { scoreAtLeast: i * 10 },
    { minutesAtLeast: 1 },
    { chose: { question: earlier(2), option: 'a' } },
    { not: { flag: flag(i + 3) } },
    { done: earlier(3) },
    { skipped: earlier(4) },
    { flag: flag(i + 5) },
    { chose: { question: earlier(5), option: 'b' } },
    { done: earlier(6) },
    { scoreAtLeast: 50 },
    { done: earlier(7) },
    { flag: flag(i + 7) },
    { skipped: earlier(8) },
  ];
  // `any` of: `all` of two atoms (3 parts), and the other 15 (one a `not`: 16 parts); 20 in all.
  const when: FlowCondition = { any: [{ all: [atoms[0]!, atoms[2]!] }, ...atoms.slice(1)] };
  return when;
}

function bigGame(order: 'linear' | 'free'): GameContent {
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    id: id(i),
    content: `<p>Question ${i + 1}</p>`,
    location: null,
    hints: [],
    answer: { kind: 'choice', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: true }], content: '', contentAfterAnswer: '' },
    ...(i > 0 && { when: condition(i) }),
    then: [
      { on: { chose: 'a' }, do: [{ setFlag: flag(i) }, { addPoints: 5 }] },
      { on: { chose: 'b' }, do: [{ setFlag: flag(i + 1) }, { say: 'On you go' }] },
      { on: 'skipped', do: [{ addPoints: -5 }] },
    ],
  }));
  return gameContentSchema.parse({
    metadata: { name: 'Bench', locationCity: 'Tel Aviv', locationText: 'Here', price: '45', order },
    introPage: { content: '' },
    questions,
    gameoverPage: { content: '' },
  });
}

/** Counts a condition's parts as the limits do. */
const parts = (c: FlowCondition): number =>
  1 + ('all' in c ? c.all.reduce((n, x) => n + parts(x), 0) : 'any' in c ? c.any.reduce((n, x) => n + parts(x), 0) : 'not' in c ? parts(c.not) : 0);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** One change as the server judges it: playable now? then the reply's outcomes, points, score and flow. */
function judgeChange(content: GameContent, play: { startTime: Date; endTime: null; questions: Progress['questions'] }, index: number, now: Date): boolean {
  const { questions, metadata } = content;
  const before = playFlow(questions, metadata.order, play, metadata.scoring, now);
  const playable = before.playable.includes(questions[index]!.id);
  const outcomes = playOutcomes(questions, play.questions);
  const scored = withRulePoints(questions, play.questions, outcomes);
  computeScore({ ...play, questions: scored }, now, metadata.scoring);
  playFlow(questions, metadata.order, { ...play, questions: scored }, metadata.scoring, now, outcomes);
  return playable;
}

function run(order: 'linear' | 'free') {
  const content = bigGame(order);
  const largest = Math.max(...content.questions.map((q) => (q.when ? parts(q.when) : 0)));
  if (largest !== MAX_CONDITIONS) throw new Error(`the bench game's conditions have ${largest} parts, not ${MAX_CONDITIONS}`);
  const timings: number[] = [];
  const start = new Date(Date.now() - 30 * 60_000);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let p = 0; p < PLAYS; p++) {
    let questions: Progress['questions'] = content.questions.map(() => ({ status: null, hints: [] }));
    for (let step = 0; step < QUESTIONS * 2; step++) {
      const now = new Date();
      const flowNow = playFlow(content.questions, order, { startTime: start, endTime: null, questions }, content.metadata.scoring, now);
      if (flowNow.over) break;
      const open = flowNow.playable.filter((qid) => {
        const i = Number(qid.slice(1));
        return questions[i]!.status !== 'DONE' && questions[i]!.status !== 'SKIPPED';
      });
      const target = Number((open[Math.floor(random() * open.length)] ?? open[0] ?? 'q0').slice(1));
      const t0 = performance.now();
      judgeChange(content, { startTime: start, endTime: null, questions }, target, now);
      timings.push(performance.now() - t0);
      const skip = random() < 0.2;
      questions = questions.map((q, i) => (i === target ? { ...q, status: skip ? 'SKIPPED' : 'DONE', ...(!skip && { chose: random() < 0.5 ? 'a' : 'b' }) } : q));
    }
  }
  timings.sort((a, b) => a - b);
  return { order, changes: timings.length, p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings[timings.length - 1]! };
}

const results = [run('linear'), run('free')];
const rows = results.map((r) => ({
  case: `flow of ${QUESTIONS} questions × ${MAX_CONDITIONS}-part conditions, ${r.order}`,
  changes: r.changes,
  'p50 ms': r.p50.toFixed(3),
  'p95 ms': r.p95.toFixed(3),
  'max ms': r.max.toFixed(3),
  budget: `p95 < ${BUDGET_MS} ms`,
  met: r.p95 < BUDGET_MS ? 'yes' : 'NO',
}));
console.table(rows);

