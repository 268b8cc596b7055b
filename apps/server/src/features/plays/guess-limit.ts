import type { SharedState } from '../../platform/shared-state/shared-state.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Wrong guesses a play may make at one question in a minute, where the server judges them: an event's
 * answers (its phones hold no hashes, and at the default penalty of 0 a year or a small number falls to
 * quick guessing) and every spot code. Per play and question, not per address, so more phones or
 * addresses do not add guesses; a right guess costs nothing.
 */
export const WRONG_GUESSES_PER_MINUTE = 10;

/** The limiter of a play's guesses at a question, shared by every process through Redis when there is one. */
export const guessLimiter = (services: { shared: SharedState }) =>
  services.shared.attemptLimiter('question-guesses', { max: WRONG_GUESSES_PER_MINUTE, windowMs: 60_000 });

/** What a play's guesses at a question count under (an answer and a spot code counted apart). */
export const guessKey = (codeId: string, questionId: string, kind: 'answer' | 'presence') => `${kind}:${codeId}:${questionId}`;

/**
 * 429 too_many_guesses: a code of its own, apart from the route's rate_limited, since the phone drops a
 * guess refused by this limit (the player waits) but queues any other refused change to send later.
 */
export const tooManyGuesses = (retryMs: number) =>
  new AppError(429, 'too_many_guesses', `Too many wrong tries at this question: wait ${Math.max(1, Math.ceil(retryMs / 1000))} seconds and try again`, undefined, retryMs);
