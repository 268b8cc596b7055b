/** A team's name in an event: its length once tidied (teamNameOf). */
export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 30;

/**
 * Letters (any script), digits, spaces and a few marks (the Hebrew geresh ׳ and gershayim ״ among
 * them: 'כיתה ד׳'), nothing else, so a name is plain text wherever it shows. Decency is checked by
 * length and characters only.
 */
const TEAM_NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} '’\-.!?&\u05F3\u05F4]+$/u;

/** Combining marks on one letter: Hebrew pointing takes up to three; more stack into a smear. */
const TEAM_NAME_MARKS_IN_A_ROW = 4;

/** What is wrong with a typed team name. */
export type TeamNameProblem = 'tooShort' | 'tooLong' | 'chars' | 'invisible' | 'marks' | 'noLetter';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Letters that show as nothing (Hangul fillers, the Khmer inherent vowels) or that join nothing
 * (the grapheme joiner, variation selectors, Mongolian selectors): a name holding one is refused.
 */
const INVISIBLE = /[\u115F\u1160\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/u;
/** The Arabic tatweel stretches a word and is no letter of its own: allowed, but neither a visible letter nor a difference. */
const STRETCH = /\u0640/gu;
const MARKS_IN_A_ROW = new RegExp(`\\p{M}{${TEAM_NAME_MARKS_IN_A_ROW + 1},}`, 'u');
const LETTER = /\p{L}/u;

/**
 * A team's name as it is kept: its compatibility form (NFKC: full-width letters become the plain ones),
 * trimmed, each run of spaces one space. 'Red  Team' is kept as 'Red Team'.
 */
export function teamNameOf(typed: string): string {
  return typed.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/**
 * Null when the name is fine: no control character anywhere (checked before tidying, as every text
 * field is), then, once tidied, its length, its characters, nothing invisible, no stack of marks and a
 * letter one can see. Without zod, so the phone's event module can check a name before sending it;
 * teamNameSchema (schemas/events.ts) is built on it.
 */
export function teamNameProblem(typed: string): TeamNameProblem | null {
  if (CONTROL.test(typed)) return 'chars';
  const name = teamNameOf(typed);
  if (name.length < TEAM_NAME_MIN) return 'tooShort';
  if (name.length > TEAM_NAME_MAX) return 'tooLong';
  if (!TEAM_NAME_CHARACTERS.test(name)) return 'chars';
  if (INVISIBLE.test(name)) return 'invisible';
  if (MARKS_IN_A_ROW.test(name.normalize('NFD'))) return 'marks';
  return LETTER.test(name.replace(STRETCH, '')) ? null : 'noLetter';
}

/**
 * Cyrillic and Greek letters that pass for Latin ones, each to the Latin letter it passes for (capitals
 * to capitals: a Greek Η is an H, its small η is not an h), and the marks that pass for an apostrophe
 * or a quote: the common part of Unicode's confusables (UTS #39), enough for names typed on a phone.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic capitals, then small letters
  А: 'A', В: 'B', Е: 'E', Ё: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'I', Ї: 'I', Ј: 'J', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W',
  а: 'a', е: 'e', ё: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w',
  // Greek capitals, then small letters
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  α: 'a', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p',
  // Latin letters that pass for others
  ı: 'i', ȷ: 'j', ɡ: 'g',
  // Apostrophes and quotes: the geresh, the typographic apostrophe, the gershayim
  '\u05F3': "'", '’': "'", '\u05F4': '"',
};

/**
 * What two team names are compared by: names with the same skeleton look the same and are one name
 * in an event. The tidy form without marks or stretching, each lookalike letter as the Latin one it
 * passes for, in lower case. 'Red Team', 'red  team', 'Rеd Team' (a Cyrillic е) and 'Ｒｅｄ Ｔｅａｍ' share one.
 */
export function teamNameSkeleton(name: string): string {
  const bare = teamNameOf(name).normalize('NFD').replace(/\p{M}/gu, '').replace(STRETCH, '');
  return Array.from(bare, (char) => LOOKALIKES[char] ?? char)
    .join('')
    .toLowerCase();
}
