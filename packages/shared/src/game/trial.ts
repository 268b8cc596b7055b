import { playFlow, type FlowedPlay } from '../content/play-flow.ts';
import type { FlowOrder, FlowQuestion } from '../content/flow.ts';
import type { ScoringRules } from './score.ts';

// Try before you buy (DESIGN.md section 15): a paid game may let a trial play its first
// `metadata.freeQuestions` questions, in the order its flow opens them.

/** A trial code stops this long after it was issued (the issue time, not the play's start: one clock, read from the code alone). */
export const TRIAL_HOURS = 24;
export const TRIAL_MS = TRIAL_HOURS * 60 * 60_000;

/** The most free questions a game of `questionCount` questions may offer: half, rounded down, so most of a game stays paid. */
export const maxFreeQuestions = (questionCount: number): number => Math.floor(Math.max(0, questionCount) / 2);

/** Why `freeQuestions` does not fit a game of `questionCount` questions, or null when it does (absent is 0). */
export function freeQuestionsError(freeQuestions: number | undefined, questionCount: number): string | null {
  const free = freeQuestions ?? 0;
  if (!Number.isInteger(free) || free < 0) return 'freeQuestions must be a whole number, 0 or more';
  const max = maxFreeQuestions(questionCount);
  if (free > max) return `freeQuestions may be at most half the questions: ${max} of ${questionCount}`;
  return null;
}

/** Whether a game offers a trial: paid (the caller knows), and some questions free. */
export const offersTrial = (freeQuestions: number | undefined): boolean => (freeQuestions ?? 0) > 0;

/** Whether a trial issued at `issuedAt` has stopped at `now`. */
export const isTrialExpired = (issuedAt: Date, now = new Date()): boolean => now.getTime() - issuedAt.getTime() >= TRIAL_MS;

/**
 * The questions (by id) a trial play may open or change now: those it has begun (whatever it did with
 * them stays its own), and, while fewer than `freeQuestions` are begun, the first new ones the game's
 * flow offers now, up to the rest of the allowance. In a line the flow offers one at a time, so these
 * are the first N questions the play actually reaches, branches included; in any order, the first
 * offered in the game's order. The same rule decides what the trial's phone may read.
 */
export function trialOpenQuestions(
  questions: readonly FlowQuestion[],
  order: FlowOrder | undefined,
  state: FlowedPlay,
  freeQuestions: number,
  scoring?: ScoringRules,
  now = new Date(),
): Set<string> {
  const begun = questions.filter((_, i) => (state.questions[i]?.status ?? null) !== null).map((q) => q.id);
  const open = new Set(begun);
  let left = Math.max(0, freeQuestions) - begun.length;
  if (left <= 0) return open;
  for (const id of playFlow(questions, order, state, scoring, now).playable) {
    if (left <= 0) break;
    if (open.has(id)) continue;
    open.add(id);
    left--;
  }
  return open;
}

/** Whether a trial play may change question `index` now (trialOpenQuestions). */
export function trialMayChange(
  questions: readonly FlowQuestion[],
  order: FlowOrder | undefined,
  state: FlowedPlay,
  freeQuestions: number,
  index: number,
  scoring?: ScoringRules,
  now = new Date(),
): boolean {
  const question = questions[index];
  return question !== undefined && trialOpenQuestions(questions, order, state, freeQuestions, scoring, now).has(question.id);
}
