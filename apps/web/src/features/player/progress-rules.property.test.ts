import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeScore, playFlow, withRulePoints, type FlowCondition, type FlowQuestion, type FlowRule, type Progress, type QuestionStatus } from '@streethunt/shared';
import { flowEngine, flowOfPlay, type FlowRules } from './play-flow.ts';
import { applyChange } from './progress-rules.ts';
import { buildProgress } from './test-fixtures.ts';

// The phone applies each change to what it holds (offline too); the server works the play out afresh
// from its stored states on every reply. For random games with rules and random play, both must agree
// on what is playable, on the rules' points and on the score, and the play never gets stuck.

const OPTIONS = ['o1', 'o2'];
const FLAGS = ['f1', 'f2'];
const at = new Date('2026-05-01T10:20:00.000Z');

const conditionOn = (count: number, self: number): fc.Arbitrary<FlowCondition> => {
  const others = Array.from({ length: count }, (_, i) => `q${i}`).filter((_, i) => i !== self);
  const leaves: Array<fc.Arbitrary<FlowCondition>> = [fc.constantFrom(...FLAGS).map((flag) => ({ flag })), fc.integer({ min: 0, max: 300 }).map((scoreAtLeast) => ({ scoreAtLeast }))];
  if (others.length > 0) {
    const other = fc.constantFrom(...others);
    leaves.push(other.map((done) => ({ done })), other.map((skipped) => ({ skipped })), fc.tuple(other, fc.constantFrom(...OPTIONS)).map(([question, option]) => ({ chose: { question, option } })));
  }
  const leaf = fc.oneof(...leaves);
  return fc.oneof(leaf, fc.array(leaf, { minLength: 1, maxLength: 3 }).map((any) => ({ any })), leaf.map((not) => ({ not })));
};
const ruleArb: fc.Arbitrary<FlowRule> = fc.record({
  on: fc.oneof(fc.constantFrom<'right' | 'wrong' | 'skipped'>('right', 'wrong', 'skipped'), fc.constantFrom(...OPTIONS).map((chose) => ({ chose }))),
  do: fc.array(fc.oneof(fc.constantFrom(...FLAGS).map((setFlag) => ({ setFlag })), fc.integer({ min: -100, max: 100 }).map((addPoints) => ({ addPoints })), fc.constant({ end: true as const })), { minLength: 1, maxLength: 2 }),
});
const gameArb = fc.constantFrom<'linear' | 'free'>('linear', 'free').chain((order) =>
  fc.integer({ min: 1, max: 6 }).chain((count) =>
    fc
      .tuple(...Array.from({ length: count }, (_, i) => fc.record({ when: fc.option(conditionOn(count, i), { nil: undefined }), then: fc.option(fc.array(ruleArb, { maxLength: 2 }), { nil: undefined }) })))
      .map((parts): FlowRules => ({
        order,
        questions: parts.map((p, i): FlowQuestion => ({ id: `q${i}`, answer: { kind: 'choice', options: OPTIONS.map((id) => ({ id })) }, ...(p.when && { when: p.when }), ...(p.then && { then: p.then }) })),
      })),
  ),
);
/** A move: which playable open question (by its place in that list), and what the team does with it. */
const movesArb = fc.array(fc.tuple(fc.nat(), fc.constantFrom<'right' | 'skip' | 'wrong'>('right', 'skip', 'wrong'), fc.constantFrom(...OPTIONS)), { maxLength: 30 });

/** The server's view of a play: its stored states (no points kept) worked out afresh. */
function serverView(rules: FlowRules, progress: Progress) {
  const stored: Progress['questions'] = progress.questions.map(({ points: _points, ...q }) => q);
  const questions = withRulePoints(rules.questions, stored);
  const play = { startTime: progress.startTime, endTime: progress.endTime, questions };
  return { points: questions.map((q) => q.points ?? 0), score: computeScore(play, at, rules.scoring), flow: playFlow(rules.questions, rules.order, play, rules.scoring, at) };
}

describe('the phone and the server on a game with rules', () => {
  it('agree on what is playable, the rules’ points and the score after any play; the play can always go on or end', () => {
    fc.assert(
      fc.property(gameArb, movesArb, (rules, moves) => {
        let progress = buildProgress({ questions: rules.questions.map(() => ({ status: null, hints: [] })) });
        for (const [pick, act, option] of moves) {
          const flow = flowOfPlay(rules, progress, at);
          const open = flow.playable.filter((id) => {
            const status: QuestionStatus | null = progress.questions[Number(id.slice(1))]!.status;
            return status !== 'DONE' && status !== 'SKIPPED';
          });
          if (open.length === 0) break;
          const index = Number(open[pick % open.length]!.slice(1));
          const change = (questionStatus: QuestionStatus, extra: { answer?: string; wrongAttempts?: number } = {}) => {
            progress = applyChange(progress, { action: 'set-question-status', questionIndex: index, questionStatus, ...extra }, at, flowEngine(rules));
          };
          if (act === 'right') {
            change('ANSWERED', { answer: option });
            change('DONE');
          } else if (act === 'skip') {
            change('SOLUTION', { wrongAttempts: 1 });
            change('SKIPPED');
          } else change('STARTED');
          const server = serverView(rules, progress);
          expect(progress.questions.map((q) => q.points ?? 0)).toEqual(server.points);
          expect(progress.score).toBe(server.score);
          expect(flowOfPlay(rules, progress, at)).toEqual(server.flow);
        }
        // Nothing stuck (these games have no clock): either something is still to play now, or the game is over.
        const end = flowOfPlay(rules, progress, at);
        const stillToPlay = end.playable.some((id) => !['DONE', 'SKIPPED'].includes(String(progress.questions[Number(id.slice(1))]!.status)));
        expect(end.over || stillToPlay).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
