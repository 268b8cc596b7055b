/** A question's status in a play (spec section 4); `null` is "not started". */
export const QUESTION_STATUSES = ['STARTED', 'ANSWERED', 'SOLUTION', 'DONE', 'SKIPPED'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * How far along a status is; a play never moves a question to a lower stage. The one table: the
 * transitions below and the phone's merging of late server messages both read it.
 */
export const QUESTION_STAGE: Readonly<Record<QuestionStatus, number>> = { STARTED: 1, ANSWERED: 2, SOLUTION: 2, DONE: 3, SKIPPED: 3 };

/** The stage of a status; 0 is "not started". */
export function questionStage(status: QuestionStatus | null | undefined): number {
  return status ? QUESTION_STAGE[status] : 0;
}

/** The statuses each status may move to. ANSWERED and SOLUTION exclude each other, as DONE and SKIPPED do. */
const next: Record<QuestionStatus | 'none', readonly QuestionStatus[]> = {
  none: ['STARTED', 'ANSWERED', 'SOLUTION'],
  STARTED: ['ANSWERED', 'SOLUTION'],
  ANSWERED: ['DONE'],
  SOLUTION: ['SKIPPED'],
  DONE: [],
  SKIPPED: [],
};

export type Transition =
  /** Apply it. */
  | 'advance'
  /** Already there, or past it: a replayed or late update; keep the current status (idempotent). */
  | 'keep'
  /** A move the state machine has no edge for (for example ANSWERED after SOLUTION). */
  | 'invalid';

export function questionTransition(current: QuestionStatus | null, target: QuestionStatus): Transition {
  if (next[current ?? 'none'].includes(target)) return 'advance';
  if (current === null) return 'invalid';
  // Same stage (a sibling such as SOLUTION after ANSWERED) or an earlier one: another device got there first.
  if (QUESTION_STAGE[current] >= QUESTION_STAGE[target]) return 'keep';
  return 'invalid';
}

/** A question still to play: no status, or one other than DONE and SKIPPED. */
export function isQuestionOpen(status: QuestionStatus | null | undefined): boolean {
  return status !== 'DONE' && status !== 'SKIPPED';
}

/** The current question: the first open one, or -1 when the game is over. */
export function currentQuestionIndex(questions: ReadonlyArray<{ status?: QuestionStatus | null }>): number {
  return questions.findIndex((q) => isQuestionOpen(q.status));
}

/**
 * A game's order of questions: `linear` (the spec's: the first open question is the current one) or
 * `free` (the player chooses any open question; one already begun stays the current one).
 */
export const QUESTION_ORDERS = ['linear', 'free'] as const;

/** In a free order: the question begun and not yet closed (STARTED, ANSWERED, SOLUTION), or -1. */
export function questionUnderWay(questions: ReadonlyArray<{ status?: QuestionStatus | null }>): number {
  return questions.findIndex((q) => q.status === 'STARTED' || q.status === 'ANSWERED' || q.status === 'SOLUTION');
}
