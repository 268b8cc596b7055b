import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentQuestionIndex, QUESTION_STAGE, questionStage, questionTransition, questionUnderWay, QUESTION_STATUSES, type QuestionStatus } from '../game/question-status.ts';

/** The rule before flows (a line: every earlier question answered or given up; any order: all): what a game without rules keeps. */
function isQuestionPlayable(order: 'linear' | 'free' | undefined, questions: ReadonlyArray<{ status?: QuestionStatus | null }>, index: number): boolean {
  if (order === 'free' || questions[index]?.status) return true;
  return questions.slice(0, index).every((q) => questionStage(q.status) >= QUESTION_STAGE.ANSWERED);
}
import { questionSchema } from '../schemas/game.ts';
import { editableGameSchema } from '../schemas/studio.ts';
import { applyFlowOutcome, checkFlow, flow, freshFlowState, outcomeEffects, simulateFlow, type FlowOrder, type FlowQuestion, type FlowRunState } from './flow.ts';
import { flowConditionSchema, flowRulesSchema, type FlowCondition, type FlowRule } from './flow-model.ts';

/** A question for these tests: a choice of options a/b when `options` is given, else a text. */
const q = (id: string, extra: { when?: FlowCondition; then?: FlowRule[]; options?: string[] } = {}): FlowQuestion => ({
  id,
  ...(extra.when && { when: extra.when }),
  ...(extra.then && { then: extra.then }),
  answer: extra.options ? { kind: 'choice', options: extra.options.map((o) => ({ id: o })) } : { kind: 'text' },
});

const statuses = (...list: Array<QuestionStatus | null>) => ({ questions: list.map((status) => ({ status })) });

/** Plays the steps, failing the test on one not accepted. */
function play(questions: FlowQuestion[], order: FlowOrder, steps: Array<[string, 'right' | 'wrong' | 'skipped', string?]>): FlowRunState {
  let state = freshFlowState(questions);
  for (const [question, outcome, option] of steps) {
    const result = applyFlowOutcome(questions, order, state, { question, outcome, option: option ?? null });
    if (!result) throw new Error(`${question} not playable`);
    state = result.state;
  }
  return state;
}

describe('flow without rules: today’s orders', () => {
  const game = [q('a'), q('b'), q('c')];
  it('linear: the first open question, a begun one stays playable, over when all are closed', () => {
    expect(flow(game, 'linear', statuses(null, null, null))).toEqual({ playable: ['a'], next: 'a', over: false });
    expect(flow(game, 'linear', statuses('STARTED', null, null))).toEqual({ playable: ['a'], next: 'a', over: false });
    expect(flow(game, 'linear', statuses('ANSWERED', null, null))).toEqual({ playable: ['a', 'b'], next: 'a', over: false });
    expect(flow(game, 'linear', statuses('DONE', 'SKIPPED', null))).toEqual({ playable: ['a', 'b', 'c'], next: 'c', over: false });
    expect(flow(game, 'linear', statuses('DONE', 'SKIPPED', 'DONE'))).toEqual({ playable: ['a', 'b', 'c'], next: null, over: true });
    expect(flow(game, undefined, statuses(null, null, null)).playable).toEqual(['a']);
  });
  it('free: every question; the one under way is suggested', () => {
    expect(flow(game, 'free', statuses(null, 'STARTED', null))).toEqual({ playable: ['a', 'b', 'c'], next: 'b', over: false });
    expect(flow(game, 'free', statuses('DONE', 'DONE', 'SKIPPED')).over).toBe(true);
  });
});

describe('conditions', () => {
  it('a branch: the chosen option opens its side, the other is passed over and never blocks the end', () => {
    const game = [
      q('fork', { options: ['left', 'right'] }),
      q('L', { when: { chose: { question: 'fork', option: 'left' } } }),
      q('R', { when: { chose: { question: 'fork', option: 'right' } } }),
      q('end'),
    ];
    for (const order of ['linear', 'free'] as const) {
      expect(flow(game, order, freshFlowState(game)).playable).toEqual(order === 'linear' ? ['fork'] : ['fork', 'end']);
      const afterFork = play(game, order, [['fork', 'right', 'left']]);
      expect(flow(game, order, afterFork).playable).toEqual(order === 'linear' ? ['fork', 'L'] : ['fork', 'L', 'end']);
      const done = play(game, order, [['fork', 'right', 'left'], ['L', 'right'], ['end', 'right']]);
      expect(flow(game, order, done)).toEqual({ playable: ['fork', 'L', 'end'], next: null, over: true });
    }
  });

  it('a wrong option chooses nothing, and a skipped question is not done', () => {
    const game = [q('a', { options: ['x', 'y'] }), q('b', { when: { any: [{ chose: { question: 'a', option: 'x' } }, { skipped: 'a' }] } }), q('c', { when: { done: 'a' } })];
    const wrong = play(game, 'free', [['a', 'wrong', 'x']]);
    expect(flow(game, 'free', wrong).playable).toEqual(['a']);
    const skipped = play(game, 'free', [['a', 'wrong'], ['a', 'skipped']]);
    expect(flow(game, 'free', skipped)).toEqual({ playable: ['a', 'b'], next: 'b', over: false });
  });

  it('linear: the next is the first later question whose condition holds; one passed stays passed', () => {
    const game = [q('a', { then: [{ on: 'right', do: [{ setFlag: 'key' }] }] }), q('b', { when: { flag: 'key' } }), q('c'), q('d', { when: { flag: 'key' } })];
    const skipped = play(game, 'linear', [['a', 'skipped']]);
    expect(flow(game, 'linear', skipped)).toEqual({ playable: ['a', 'c'], next: 'c', over: false });
    const afterC = play(game, 'linear', [['a', 'skipped'], ['c', 'right']]);
    expect(flow(game, 'linear', afterC)).toEqual({ playable: ['a', 'c'], next: null, over: true });
    const right = play(game, 'linear', [['a', 'right']]);
    expect(flow(game, 'linear', right).playable).toEqual(['a', 'b']);
  });

  it('a condition waiting on a later question or a flag set later is passed over in a line, not in free order', () => {
    const game = [q('a', { when: { flag: 'f' } }), q('b', { then: [{ on: 'right', do: [{ setFlag: 'f' }] }] })];
    expect(flow(game, 'linear', freshFlowState(game))).toEqual({ playable: ['b'], next: 'b', over: false });
    expect(flow(game, 'linear', play(game, 'linear', [['b', 'right']])).over).toBe(true);
    expect(flow(game, 'free', play(game, 'free', [['b', 'right']]))).toEqual({ playable: ['a', 'b'], next: 'a', over: false });
  });

  it('questions that wait on each other are both passed over: the game can end', () => {
    const game = [q('a'), q('x', { when: { done: 'y' } }), q('y', { when: { done: 'x' } })];
    expect(flow(game, 'free', play(game, 'free', [['a', 'right']]))).toEqual({ playable: ['a'], next: null, over: true });
  });

  it('scoreAtLeast waits while points can still be won; minutesAtLeast waits for the clock', () => {
    const game = [q('a'), q('b'), q('bonus', { when: { scoreAtLeast: 200 } }), q('late', { when: { minutesAtLeast: 30 } })];
    const one = play(game, 'free', [['a', 'right']]);
    expect(flow(game, 'free', one).playable).toEqual(['a', 'b']);
    const skipB = play(game, 'free', [['a', 'right'], ['b', 'skipped']]);
    expect(flow(game, 'free', skipB)).toEqual({ playable: ['a', 'b'], next: null, over: false });
    expect(flow(game, 'free', { ...skipB, minutes: 30 }).playable).toEqual(['a', 'b', 'late']);
    const both = play(game, 'free', [['a', 'right'], ['b', 'right']]);
    expect(flow(game, 'free', both).playable).toEqual(['a', 'b', 'bonus']);
  });

  it('not and all', () => {
    const game = [q('a'), q('b', { when: { all: [{ not: { done: 'a' } }, { minutesAtLeast: 0 }] } })];
    expect(flow(game, 'free', freshFlowState(game)).playable).toEqual(['a', 'b']);
    expect(flow(game, 'free', play(game, 'free', [['a', 'right']]))).toEqual({ playable: ['a'], next: null, over: true });
  });

  it('an end action ends the game; begun questions stay playable, nothing new opens', () => {
    const game = [q('a', { then: [{ on: 'skipped', do: [{ say: 'Game over' }, { end: true }] }] }), q('b')];
    const state = play(game, 'free', [['a', 'skipped']]);
    expect(state.ended).toBe(true);
    expect(flow(game, 'free', state)).toEqual({ playable: ['a'], next: null, over: true });
  });
});

describe('outcomes', () => {
  const question = q('a', {
    options: ['x', 'y'],
    then: [
      { on: 'right', do: [{ addPoints: 5 }] },
      { on: { chose: 'x' }, do: [{ setFlag: 'went-x' }, { say: 'X it is' }] },
      { on: 'wrong', do: [{ addPoints: -3 }] },
      { on: 'skipped', do: [{ end: true }] },
    ],
  });
  it('runs every rule answering to the outcome, in order', () => {
    expect(outcomeEffects(question, 'right', 'x')).toEqual({ flags: ['went-x'], points: 5, say: ['X it is'], end: false });
    expect(outcomeEffects(question, 'right', 'y')).toEqual({ flags: [], points: 5, say: [], end: false });
    expect(outcomeEffects(question, 'wrong', 'x')).toEqual({ flags: [], points: -3, say: [], end: false });
    expect(outcomeEffects(question, 'skipped')).toEqual({ flags: [], points: 0, say: [], end: true });
    expect(outcomeEffects(q('plain'), 'right')).toEqual({ flags: [], points: 0, say: [], end: false });
  });
});

describe('the path simulator', () => {
  it('gives the flow, the score and the texts said after each step; a step not playable changes nothing', () => {
    const game = [
      q('fork', { options: ['l', 'r'], then: [{ on: { chose: 'l' }, do: [{ say: 'Left!' }, { addPoints: 50 }] }] }),
      q('L', { when: { chose: { question: 'fork', option: 'l' } }, then: [{ on: 'right', do: [{ end: true }] }] }),
      q('R', { when: { chose: { question: 'fork', option: 'r' } } }),
    ];
    const steps = simulateFlow(game, 'linear', [
      { question: 'R', outcome: 'right' },
      { question: 'fork', outcome: 'right', option: 'l' },
      { question: 'L', outcome: 'right' },
    ]);
    expect(steps.map((s) => [s.accepted, s.score, s.said, s.flow])).toEqual([
      [false, 0, [], { playable: ['fork'], next: 'fork', over: false }],
      [true, 150, ['Left!'], { playable: ['fork', 'L'], next: 'L', over: false }],
      [true, 250, [], { playable: ['fork', 'L'], next: null, over: true }],
    ]);
  });
});

describe('the flow checker', () => {
  it('names each problem on its question', () => {
    const game = [
      q('a', { options: ['x', 'y'], then: [{ on: { chose: 'z' }, do: [{ setFlag: 'f' }] }] }),
      q('b', { when: { any: [{ done: 'ghost' }, { chose: { question: 'a', option: 'w' } }, { flag: 'nobody' }] } }),
      q('c', { when: { done: 'd' } }),
      q('d', { when: { done: 'c' }, then: [{ on: 'right', do: [{ end: true }] }] }),
      q('e', { when: { done: 'f' } }),
      q('f', { when: { flag: 'f' } }),
    ];
    const problems = checkFlow(game, 'linear');
    expect(problems).toEqual(
      expect.arrayContaining([
        { question: 'a', code: 'missing-option', detail: 'a:z' },
        { question: 'b', code: 'missing-question', detail: 'ghost' },
        { question: 'b', code: 'missing-option', detail: 'a:w' },
        { question: 'b', code: 'unset-flag', detail: 'nobody' },
        { question: 'c', code: 'circular' },
        { question: 'd', code: 'circular' },
        { question: 'd', code: 'end-unreachable' },
        { question: 'b', code: 'unreachable' },
        { question: 'e', code: 'unreachable' },
        // Its flag is set only by a rule on an option that does not exist.
        { question: 'f', code: 'unreachable' },
      ]),
    );
    // In a line a question waiting on a later one is passed over before it could open; in free order it opens.
    const later = [q('x', { when: { done: 'y' } }), q('y')];
    expect(checkFlow(later, 'linear')).toEqual([{ question: 'x', code: 'unreachable' }]);
    expect(checkFlow(later, 'free')).toEqual([]);
  });

  it('finds nothing in a game without rules, or in a working branch', () => {
    expect(checkFlow([q('a'), q('b')], 'linear')).toEqual([]);
    const branch = [q('fork', { options: ['l', 'r'] }), q('L', { when: { chose: { question: 'fork', option: 'l' } }, then: [{ on: 'right', do: [{ end: true }] }] }), q('R', { when: { chose: { question: 'fork', option: 'r' } } })];
    expect(checkFlow(branch, 'linear')).toEqual([]);
  });
});

describe('the flow schema', () => {
  const base = { id: 'q1', answer: { kind: 'text', value: 'x', content: '', contentAfterAnswer: '' }, hints: [] };
  it('leaves a question without rules as it was', () => {
    const parsed = questionSchema.parse(base);
    expect('when' in parsed || 'then' in parsed).toBe(false);
  });
  it('reads every condition and action', () => {
    const when: FlowCondition = {
      all: [{ done: 'a' }, { skipped: 'b' }, { chose: { question: 'c', option: 'o' } }, { any: [{ flag: 'שער פתוח' }, { scoreAtLeast: 10 }] }, { not: { minutesAtLeast: 5 } }],
    };
    const then: FlowRule[] = [{ on: { chose: 'o' }, do: [{ setFlag: 'f' }, { addPoints: -1000 }, { say: 'Hi' }, { end: true }] }, { on: 'wrong', do: [{ addPoints: 1000 }] }];
    expect(questionSchema.parse({ ...base, when, then })).toMatchObject({ when, then });
  });
  it('refuses what the limits forbid', () => {
    const refused = (value: unknown) => !flowConditionSchema.safeParse(value).success;
    expect(refused({ flag: 'x'.repeat(41) })).toBe(true);
    expect(refused({ flag: 'x'.repeat(40) })).toBe(false);
    expect(refused({ flag: '<b>bold</b>' })).toBe(true);
    expect(refused({ all: Array.from({ length: 20 }, () => ({ flag: 'f' })) })).toBe(true); // 21 nodes
    expect(refused({ all: Array.from({ length: 19 }, () => ({ flag: 'f' })) })).toBe(false);
    const nest = (depth: number): unknown => {
      let node: unknown = { flag: 'f' };
      for (let d = 1; d < depth; d++) node = { not: node };
      return node;
    };
    expect(refused(nest(5))).toBe(false);
    expect(refused(nest(6))).toBe(true);
    expect(refused(nest(50_000))).toBe(true);
    expect(refused({ done: 'a', flag: 'f' })).toBe(true);
    expect(flowRulesSchema.safeParse([{ on: 'right', do: [{ addPoints: 1001 }] }]).success).toBe(false);
    expect(flowRulesSchema.safeParse([{ on: 'right', do: [{ addPoints: -1001 }] }]).success).toBe(false);
    expect(flowRulesSchema.safeParse([{ on: 'left', do: [{ end: true }] }]).success).toBe(false);
  });
  it('the save refuses a rule on an option its question lacks', () => {
    const game = {
      metadata: { name: '', locationCity: '', locationText: '', price: '', currencyCode: 'ILS', language: 'he', map: false, coverImage: '' },
      introPage: { content: '' },
      gameoverPage: { content: '', hideGameSummary: false },
      questions: [
        {
          id: 'q1',
          content: '',
          hints: [],
          answer: { kind: 'choice', content: '', contentAfterAnswer: '', options: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: true }] },
          then: [{ on: { chose: 'a' }, do: [{ setFlag: 'f' }] }],
        },
      ],
    };
    expect(editableGameSchema.safeParse(game).success).toBe(true);
    const bad = { ...game, questions: [{ ...game.questions[0]!, then: [{ on: { chose: 'zz' }, do: [{ setFlag: 'f' }] }] }] };
    const result = editableGameSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('zz');
  });
});

// Random games: each question may wait on other questions, their options and
// flags, and may set flags, add points or end the game.
const OPTIONS = ['o1', 'o2'];
const FLAGS = ['f1', 'f2', 'f3'];
const conditionOn = (count: number, self: number): fc.Arbitrary<FlowCondition> => {
  const targets = Array.from({ length: count }, (_, i) => i).filter((i) => i !== self);
  const leaves: Array<fc.Arbitrary<FlowCondition>> = [fc.constantFrom(...FLAGS).map((flag) => ({ flag })), fc.integer({ min: 0, max: 400 }).map((scoreAtLeast) => ({ scoreAtLeast }))];
  if (targets.length > 0) {
    const target = fc.constantFrom(...targets).map((i) => `q${i}`);
    leaves.push(target.map((done) => ({ done })), target.map((skipped) => ({ skipped })), fc.tuple(target, fc.constantFrom(...OPTIONS)).map(([question, option]) => ({ chose: { question, option } })));
  }
  const leaf = fc.oneof(...leaves);
  return fc.letrec<{ c: FlowCondition }>((tie) => ({
    c: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('c'), { minLength: 1, maxLength: 3 }).map((all) => ({ all })),
      fc.array(tie('c'), { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
      tie('c').map((not) => ({ not })),
    ),
  })).c;
};
const ruleArb: fc.Arbitrary<FlowRule> = fc.record({
  on: fc.oneof(fc.constantFrom<'right' | 'wrong' | 'skipped'>('right', 'wrong', 'skipped'), fc.constantFrom(...OPTIONS).map((chose) => ({ chose }))),
  do: fc.array(
    fc.oneof(fc.constantFrom(...FLAGS).map((setFlag) => ({ setFlag })), fc.integer({ min: -200, max: 200 }).map((addPoints) => ({ addPoints })), fc.constant({ end: true as const })),
    { minLength: 1, maxLength: 2 },
  ),
});
const gameArb = fc.constantFrom<FlowOrder>('linear', 'free').chain((order) =>
  fc.integer({ min: 1, max: 8 }).chain((count) =>
    fc
      .tuple(
        ...Array.from({ length: count }, (_, i) =>
          fc.record({ when: fc.option(conditionOn(count, i), { nil: undefined, freq: 2 }), then: fc.option(fc.array(ruleArb, { maxLength: 2 }), { nil: undefined }) }),
        ),
      )
      .map((parts) => ({ order, questions: parts.map((p, i) => q(`q${i}`, { options: OPTIONS, ...(p.when && { when: p.when }), ...(p.then && { then: p.then }) })) })),
  ),
);
/** A move: which open playable question (by position in the list), and what the team does. */
const movesArb = fc.array(fc.tuple(fc.nat(), fc.constantFrom<'right' | 'wrong' | 'skipped'>('right', 'wrong', 'skipped'), fc.constantFrom(...OPTIONS)), { maxLength: 40 });

describe('flow properties', () => {
  it('no answer sequence leaves a game that can neither continue nor end, and what the checker calls unreachable never opens', () => {
    fc.assert(
      fc.property(gameArb, movesArb, ({ order, questions }, moves) => {
        const unreachable = new Set(checkFlow(questions, order).filter((p) => p.code === 'unreachable' || p.code === 'circular').map((p) => p.question));
        let state = freshFlowState(questions);
        const openPlayable = () => {
          const now = flow(questions, order, state);
          const open = now.playable.filter((id) => {
            const s = state.questions[Number(id.slice(1))]!.status;
            return s !== 'DONE' && s !== 'SKIPPED';
          });
          for (const id of now.playable) expect(unreachable.has(id)).toBe(false);
          // Over, or something to play (no condition here waits on the clock).
          expect(now.over || open.length > 0).toBe(true);
          if (now.over) expect(now.next).toBeNull();
          else expect(open).toContain(now.next);
          return open;
        };
        for (const [pick, outcome, option] of moves) {
          const open = openPlayable();
          if (open.length === 0) break;
          const result = applyFlowOutcome(questions, order, state, { question: open[pick % open.length]!, outcome, option });
          expect(result).not.toBeNull();
          state = result!.state;
        }
        // Played to the end (no more wrong answers), every game ends.
        for (let guard = 0; guard <= questions.length; guard++) {
          const open = openPlayable();
          if (open.length === 0) break;
          state = applyFlowOutcome(questions, order, state, { question: open[0]!, outcome: 'right', option: 'o1' })!.state;
        }
        expect(flow(questions, order, state).over).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a game without rules plays exactly as today’s linear and free orders', () => {
    const statusMove = fc.constantFrom<QuestionStatus>(...QUESTION_STATUSES);
    fc.assert(
      fc.property(fc.constantFrom<FlowOrder>('linear', 'free'), fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.nat(), statusMove), { maxLength: 40 }), (order, count, moves) => {
        const game = Array.from({ length: count }, (_, i) => q(`q${i}`));
        const list: Array<{ status: QuestionStatus | null }> = game.map(() => ({ status: null }));
        const check = () => {
          const now = flow(game, order, { questions: list });
          expect(now.playable).toEqual(game.filter((_, i) => isQuestionPlayable(order, list, i)).map((g) => g.id));
          const current = currentQuestionIndex(list);
          expect(now.over).toBe(current === -1);
          const underWay = questionUnderWay(list);
          const expected = order === 'free' && underWay !== -1 ? underWay : current;
          expect(now.next).toBe(expected === -1 ? null : game[expected]!.id);
        };
        check();
        for (const [pick, status] of moves) {
          // Only moves today's rules allow: a playable question, along the state machine.
          const i = pick % count;
          if (!isQuestionPlayable(order, list, i) || questionTransition(list[i]!.status, status) !== 'advance') continue;
          list[i] = { status };
          check();
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('flow speed', () => {
  it('judges a game of 200 questions with 20 conditions each in well under 1 ms', () => {
    const count = 200;
    const conditionFor = (i: number): FlowCondition => {
      // 20 nodes, 3 deep: all of (any of 3 atoms) x 4 with 3 more atoms (1 + 4 * 4 + 3 = 20).
      const atom = (k: number): FlowCondition => {
        const target = `q${(i * 7 + k * 13) % count}`;
        return k % 4 === 0 ? { done: target } : k % 4 === 1 ? { chose: { question: target, option: 'o1' } } : k % 4 === 2 ? { flag: `f${k % 5}` } : { not: { skipped: target } };
      };
      const groups = Array.from({ length: 4 }, (_, g) => ({ any: [atom(g * 3), atom(g * 3 + 1), atom(g * 3 + 2)] }));
      return { all: [...groups, { scoreAtLeast: i }, { minutesAtLeast: 0 }, { any: [atom(99)] }] as FlowCondition[] };
    };
    const game = Array.from({ length: count }, (_, i) =>
      q(`q${i}`, { options: OPTIONS, ...(i > 0 && { when: conditionFor(i) }), then: [{ on: 'right', do: [{ setFlag: `f${i % 5}` }, { addPoints: 5 }] }] }),
    );
    const state = {
      questions: game.map((_, i) => ({ status: (i % 3 === 0 ? 'DONE' : i % 7 === 0 ? 'STARTED' : null) as QuestionStatus | null, chose: 'o1' })),
      flags: ['f1'],
      score: 300,
      minutes: 12,
    };
    for (const order of ['free', 'linear'] as const) {
      const times: number[] = [];
      // The conditions are compiled once per questions array (kept while the array lives), as a server keeping its versions does.
      flow(game, order, state);
      for (let run = 0; run < 50; run++) {
        const start = performance.now();
        flow(game, order, state);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      expect(times[25]!).toBeLessThan(1);
    }
  });
});
