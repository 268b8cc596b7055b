import { sha256Hex } from './sha256.ts';
import { MAX_ACCEPTED_ANSWERS, MAX_ANSWER_LENGTH } from '../content/limits.ts';

// Quote marks a keyboard or a copy-paste may give for the same answer: Hebrew geresh and gershayim,
// smart quotes, primes, backtick and acute. Folded before NFKC too, because NFKC splits ´ into a space
// and a combining accent.
const SINGLE_QUOTES = /['`\u00b4\u02bc\u2018\u2019\u201a\u201b\u2032\u05f3]/g;
const DOUBLE_QUOTES = /["\u201c\u201d\u201e\u201f\u2033\u05f4]/g;
// Hebrew niqqud and cantillation (the marks of U+0591-U+05C7, not maqaf, paseq, sof pasuq, nun
// hafukha), the varika of the presentation forms, and bidi marks a phone's RTL keyboard inserts
// (the Arabic letter mark U+061C too: Arabic formatting of numbers carries it).
const IGNORED = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\ufb1e\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const FINAL_LETTERS = /[ךםןףץ]/g;
const PLAIN_LETTER: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };

function foldQuotes(text: string): string {
  return text.replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
}

/**
 * The spec's answer rule, one function for both sides (the server hashes accepted answers with it, the
 * phone the typed text): trim, lower-case, collapse inner white space; and, so that Hebrew and English
 * typed on any keyboard match, NFKC, no niqqud or cantillation, final letters as plain ones, one single
 * and one double quote, no bidi marks.
 *
 * NFKC rather than NFC: besides composing letters as NFC does, it folds what phones and copy-paste
 * produce for the same letters: full-width forms of Asian keyboards, Hebrew wide letters and the
 * alef-lamed ligature, Latin ligatures. What it also folds (superscripts, fractions) is folded alike
 * on both sides, so an answer written that way still matches itself.
 * Lower-casing ignores the phone's locale: a Turkish phone must hash 'I' as the server does.
 */
export function normalizeAnswer(text: string): string {
  return foldQuotes(foldQuotes(text).normalize('NFKC').toLowerCase().replace(IGNORED, ''))
    .replace(FINAL_LETTERS, (letter) => PLAIN_LETTER[letter] ?? letter)
    .normalize('NFKC')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * The spec's first rule alone (trim, lower-case, collapse white space), as hashed before the rules above:
 * a phone offline may still hold a game whose hashes were made so.
 */
function legacyNormalizeAnswer(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The entries of the comma-separated `answer.value` as written (trimmed, inner space collapsed, case kept), empty ones dropped. */
export function writtenAnswers(value: string): string[] {
  return value
    .split(',')
    .map((answer) => answer.trim().replace(/\s+/g, ' '))
    .filter((answer) => normalizeAnswer(answer).length > 0);
}

/** `answer.value` is a comma-separated list of accepted answers. */
export function acceptedAnswers(value: string): string[] {
  return value
    .split(',')
    .map(normalizeAnswer)
    .filter((answer) => answer.length > 0);
}

/**
 * Why this answer list is refused on save, or null. Each accepted answer is hashed for the player's
 * phone, so the list's size is the cost of every reply that carries the game (and of its cache).
 */
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
  if (normalized.length === 0) return false;
  if (hashes.includes(hashAnswer(salt, normalized))) return true;
  // Hashes cached before the Hebrew rules: what matches them also matches on the server, whose rule
  // only folds more.
  const legacy = legacyNormalizeAnswer(typed);
  return legacy !== normalized && legacy.length > 0 && hashes.includes(hashAnswer(salt, legacy));
}
