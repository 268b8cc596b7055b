import { sha256Hex } from './sha256.ts';

/** The spec's answer rule, one function for both sides: trim, lower-case, collapse inner white space. */
export function normalizeAnswer(text: string): string {
  return text.trim().toLocaleLowerCase().replace(/\s+/g, ' ');
}

/** `answer.value` is a comma-separated list of accepted answers. */
export function acceptedAnswers(value: string): string[] {
  return value
    .split(',')
    .map(normalizeAnswer)
    .filter((answer) => answer.length > 0);
}

/**
 * Most accepted answers one question may list, and the longest one. Each is hashed for the player's
 * phone, so the list's size is the cost of every reply that carries the game (and of its cache).
 */
export const MAX_ACCEPTED_ANSWERS = 30;
export const MAX_ANSWER_LENGTH = 100;

/** Why this answer list is refused on save, or null. */
export function acceptedAnswersError(value: string): string | null {
  const answers = acceptedAnswers(value);
  if (answers.length > MAX_ACCEPTED_ANSWERS) return `at most ${MAX_ACCEPTED_ANSWERS} accepted answers`;
  if (answers.some((answer) => answer.length > MAX_ANSWER_LENGTH)) return `each accepted answer at most ${MAX_ANSWER_LENGTH} characters`;
  return null;
}

export function isAcceptedAnswer(value: string, typed: string): boolean {
  const normalized = normalizeAnswer(typed);
  return normalized.length > 0 && acceptedAnswers(value).includes(normalized);
}

/** What the player's browser gets instead of the answers (DESIGN.md section 10). */
export function hashAnswer(salt: string, normalizedAnswer: string): string {
  return sha256Hex(salt + normalizedAnswer);
}

export function answerHashes(salt: string, value: string): string[] {
  return acceptedAnswers(value).map((answer) => hashAnswer(salt, answer));
}

/** Judges a typed answer against the hashes, offline. */
export function matchesAnswerHashes(salt: string, hashes: readonly string[], typed: string): boolean {
  const normalized = normalizeAnswer(typed);
  return normalized.length > 0 && hashes.includes(hashAnswer(salt, normalized));
}
