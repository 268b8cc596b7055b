/*
 * Place names as the gazetteer compares them: what people type (no accents, any case, an apostrophe
 * or not, a hyphen or a space) matches what the data spells (Rishon LeẔiyyon, Ra'anana, Modi‘in).
 */

/** Letters that carry no combining mark to strip, written the way people type them. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  // Hebrew final forms: a prefix typed with one still finds the longer name.
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
};
const PLAIN_LETTER = new RegExp(`[${Object.keys(PLAIN_LETTERS).join('')}]`, 'g');
/** Apostrophes, okinas, Hebrew geresh and gershayim, quotes: dropped, so `Ra'anana` is `raanana`. */
const DROPPED = /['"`´‘’‚‛“”ʹʻʼʽˈ\u05f3\u05f4]/g;

/** Lower case, no accents, marks (Hebrew points too) or direction marks, punctuation as single spaces. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase()
    .replace(PLAIN_LETTER, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(DROPPED, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
