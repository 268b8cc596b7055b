import { acceptedAnswers, normalizeAnswer } from './answer.ts';

/** Shorter accepted answers (in letters) must be typed exactly: one edit would make another word. */
export const MIN_LETTERS_FOR_TYPO = 5;

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** Whether a and b (arrays of code points) differ by one edit, none of whose characters is a digit. */
function oneEditApart(a: readonly string[], b: readonly string[]): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  let start = 0;
  while (start < shorter.length && shorter[start] === longer[start]) start++;
  if (shorter.length === longer.length) {
    if (start === shorter.length) return false;
    let end = shorter.length - 1;
    while (end > start && shorter[end] === longer[end]) end--;
    // A number one digit away is another number, not a typo: edits of digits never count.
    if (end === start) return !DIGIT.test(shorter[start]) && !DIGIT.test(longer[start]);
    return (
      end === start + 1 &&
      shorter[start] === longer[end] &&
      shorter[end] === longer[start] &&
      !DIGIT.test(shorter[start]) &&
      !DIGIT.test(shorter[end])
    );
  }
  // One insertion: after the common prefix, the rest of the shorter is the longer's rest minus one.
  for (let i = start; i < shorter.length; i++) if (shorter[i] !== longer[i + 1]) return false;
  return !DIGIT.test(longer[start]);
}

/**
 * The 'lenient' text rule: the typed answer is accepted (after `normalizeAnswer`) when it equals one of
 * the comma-separated accepted answers in `accepted`, or is one edit (insert, delete, substitute, swap
 * of two adjacent characters) from one of at least MIN_LETTERS_FOR_TYPO letters. An edit of a digit is
 * no typo ('route 66' is not 'route 67'). Only the server can judge this: the phone has only hashes.
 */
export function withinOneTypo(accepted: string, typed: string): boolean {
  const normalized = normalizeAnswer(typed);
  if (normalized.length === 0) return false;
  const typedChars = Array.from(normalized);
  return acceptedAnswers(accepted).some((answer) => {
    if (answer === normalized) return true;
    const chars = Array.from(answer);
    return chars.filter((c) => LETTER.test(c)).length >= MIN_LETTERS_FOR_TYPO && oneEditApart(chars, typedChars);
  });
}

/** Longest text read as a number: a number and a unit word fit easily; a longer one is no number. */
const MAX_NUMBER_TEXT = 200;
// Bidi marks, which an RTL keyboard or a locale's formatting puts around digits (ar-EG: U+061C).
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Spaces that group thousands: space, no-break, thin, narrow no-break (French formatting).
const SPACE_SEPARATOR = '[ \\u00a0\\u2009\\u202f]';
const SPACE_GROUPS = new RegExp(`^[1-9]\\d{0,2}(?:${SPACE_SEPARATOR}\\d{3})+(?!\\d)`);

/** Arabic-Indic, Extended Arabic-Indic and full-width digits and signs, as ASCII. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19\uff0b\uff0c\uff0d\uff0e\u066b\u066c\u2212]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
    if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
    if (code >= 0xff10 && code <= 0xff19) return String(code - 0xff10);
    // The Arabic decimal and thousands separators are unambiguous: read them as '.' and a space.
    return { '\uff0b': '+', '\uff0c': ',', '\uff0d': '-', '\uff0e': '.', '\u066b': '.', '\u066c': ' ', '\u2212': '-' }[c] ?? c;
  });
}

/** The digits of an unsigned number at the start of text (ASCII digits, ',' '.' or spaces), and its length; null if none. */
function readNumber(text: string): { digits: string; length: number } | null {
  const spaced = SPACE_GROUPS.exec(text);
  if (spaced) {
    // Thousands in spaces; a decimal part may follow with '.' or ','.
    const decimal = /^[.,](\d+)/.exec(text.slice(spaced[0].length));
    const whole = spaced[0].replace(new RegExp(SPACE_SEPARATOR, 'g'), '');
    return decimal ? { digits: `${whole}.${decimal[1]}`, length: spaced[0].length + decimal[0].length } : { digits: whole, length: spaced[0].length };
  }
  // Thousands in ',' with a decimal '.', or in '.' with a decimal ','.
  const grouped = /^([1-9]\d{0,2})((?:,\d{3})+)(?!\d)(?:\.(\d+))?|^([1-9]\d{0,2})((?:\.\d{3})+)(?!\d)(?:,(\d+))?/.exec(text);
  if (grouped) {
    const [match, commaHead, commaGroups, commaDecimal, dotHead, dotGroups, dotDecimal] = grouped;
    const dotted = dotHead !== undefined;
    const groups = (dotted ? dotGroups : commaGroups) ?? '';
    const decimal = dotted ? dotDecimal : commaDecimal;
    // One '.' and three digits is a decimal (3.141), as '.' is the decimal point in Hebrew and English;
    // '.' groups thousands only when repeated (1.234.567) or followed by a decimal ',' (1.234,5).
    if (!dotted || groups.length > 4 || decimal !== undefined) {
      const whole = (dotted ? dotHead : commaHead) + groups.replace(/[.,]/g, '');
      return { digits: decimal === undefined ? whole : `${whole}.${decimal}`, length: match.length };
    }
  }
  // No grouping: one '.' or ',' is the decimal point (1,5 and 1.5; 1,500 was read above as 1500).
  const plain = /^(\d*)(?:[.,](\d+))?/.exec(text);
  if (!plain || (plain[1] === '' && plain[2] === undefined)) return null;
  return { digits: `${plain[1] || '0'}${plain[2] === undefined ? '' : `.${plain[2]}`}`, length: plain[0].length };
}

/**
 * The number a player typed, or null when it is not one. Digits may be ASCII, Arabic-Indic, Extended
 * Arabic-Indic or full-width; a sign (+, -, −) may lead. Thousands may be grouped by ',' or spaces
 * (space, no-break, thin, narrow no-break), in groups of three after a first group of one to three
 * digits. A decimal point is '.' or ','; the ambiguous ones read: '1,5' = 1.5, '1,500' = 1500 (a comma
 * and exactly three digits groups), '0,500' = 0.5 (no group starts with 0), '1.500' = 1.5 and
 * '3.141' = 3.141 ('.' groups only when repeated, '1.234.567', or before a decimal comma, '1.234,5').
 * A unit word after the number is ignored ('120 m', '1948 שנה', '50%'), but not one with digits in it:
 * '12 or 13' is no number.
 */
export function parseNumberAnswer(typed: string): number | null {
  if (typed.length > MAX_NUMBER_TEXT) return null;
  const text = asciiDigits(typed.normalize('NFC').replace(BIDI_MARKS, '')).trim();
  const sign = /^[+-]/.exec(text)?.[0] ?? '';
  const body = text.slice(sign.length);
  const number = readNumber(body);
  if (!number) return null;
  const unit = body.slice(number.length);
  // What follows is nothing, or a word after the number: not a digit, a separator going on, or a sign.
  if (/\p{Nd}/u.test(unit) || /^[.,+-]/.test(unit)) return null;
  if (unit.length > 0 && !/^\s/.test(unit) && !/^[\p{L}\p{S}%°'"]/u.test(unit)) return null;
  const value = Number(`${sign}${number.digits}`);
  // Number('-0') is -0; a player's '-0' is 0.
  return Number.isFinite(value) ? value + 0 : null;
}

/** A number answer: the value and how far from it a typed number may be (0 when absent). */
export interface NumberAnswer {
  value: number;
  tolerance?: number;
}

/**
 * Whether the typed number is within tolerance of the value: |typed - value| <= tolerance. The
 * comparison allows the rounding of binary floating point (1.1 against 1 with tolerance 0.1 is in).
 * A tolerance below 0 or not finite, or a value not finite, accepts nothing.
 */
export function isNumberAnswerCorrect(typed: string, { value, tolerance = 0 }: NumberAnswer): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(tolerance) || tolerance < 0) return false;
  const parsed = parseNumberAnswer(typed);
  if (parsed === null) return false;
  const slack = 4 * Number.EPSILON * Math.max(Math.abs(parsed), Math.abs(value), tolerance);
  return Math.abs(parsed - value) <= tolerance + slack;
}

/** A choice answer's option, as the judge needs it. */
export interface ChoiceOption {
  id: string;
  correct: boolean;
}

/** Whether the picked option is one of the correct ones; an id no option has is wrong. */
export function isChoiceCorrect(pickedOptionId: string, options: readonly ChoiceOption[]): boolean {
  return options.some((option) => option.id === pickedOptionId && option.correct);
}
