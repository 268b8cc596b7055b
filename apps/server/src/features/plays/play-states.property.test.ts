import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyProgressChange, QUESTION_STATUSES, type Progress, type ProgressChange } from '@streethunt/shared';
import { playStatesOf, progressQuestions } from './play-states.ts';

type Questions = Array<{ id: string; hints: Array<{ id: string }> }>;

/** A version's questions: 1 to 8, each with 0 to 3 hints, every id unique. */
const questionsArb: fc.Arbitrary<Questions> = fc
  .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 })
  .map((hintCounts) => hintCounts.map((count, q) => ({ id: `q${q}`, hints: Array.from({ length: count }, (_, h) => ({ id: `q${q}h${h}` })) })));

/** A sequence of changes a player might send, applied by the shared rules (refused ones change nothing). */
const changesArb = fc.array(
  fc.oneof(
    fc.record({ action: fc.constant('set-question-status' as const), questionIndex: fc.integer({ min: 0, max: 7 }), questionStatus: fc.constantFrom(...QUESTION_STATUSES) }),
    fc.record({ action: fc.constant('show-question-hint' as const), questionIndex: fc.integer({ min: 0, max: 7 }), hintIndex: fc.integer({ min: 0, max: 2 }) }),
  ),
  { maxLength: 30 },
);

function play(questions: Questions, changes: ProgressChange[]): Progress['questions'] {
  let state = { questions: progressQuestions(questions, {}), endTime: null as string | null };
  for (const change of changes) {
    const step = applyProgressChange(state, change, 'now');
    if (step.kind === 'next') state = step.state;
  }
  return state.questions;
}

describe('a play’s states by question id, for any game and any play', () => {
  it('the stored states read back as the same progress', () => {
    fc.assert(
      fc.property(questionsArb, changesArb, (questions, changes) => {
        const progress = play(questions, changes);
        expect(progressQuestions(questions, playStatesOf(questions, progress))).toEqual(progress);
      }),
    );
  });

  it('a version that moves and deletes questions shows every remaining question with its own state', () => {
    fc.assert(
      fc.property(
        questionsArb,
        changesArb,
        fc.func(fc.boolean()),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        (questions, changes, keep, noise) => {
          const progress = play(questions, changes);
          const states = playStatesOf(questions, progress);
          // The next version: a shuffled subset of the questions (possibly none moved, possibly most gone).
          const next = questions.filter((q) => keep(q.id)).map((q) => ({ q, order: noise.next().value })).sort((a, b) => a.order - b.order).map(({ q }) => q);
          const shown = progressQuestions(next, states);
          next.forEach((question, i) => expect(shown[i]).toEqual(progress[questions.indexOf(question)]));
          // Written back through the new version, nothing of the deleted questions is lost.
          const rewritten = playStatesOf(next, shown, states);
          expect(progressQuestions(questions, rewritten)).toEqual(progress);
        },
      ),
    );
  });
});
