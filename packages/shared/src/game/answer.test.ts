import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { acceptedAnswers, answerHashes, hashAnswer, isAcceptedAnswer, matchesAnswerHashes, normalizeAnswer, writtenAnswers } from './answer.ts';
import { sha256Hex } from './sha256.ts';

describe('sha256Hex', () => {
  it.each(['', 'abc', 'שלום עולם', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'salt-🙂-1000'.repeat(20)])('matches node:crypto for %j', (s) => {
    expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });
});

describe('answers', () => {
  it('normalizes by trimming, lower-casing and collapsing white space', () => {
    expect(normalizeAnswer('  Dizengoff   Square\t')).toBe('dizengoff square');
    // Final letters are taken as plain ones (ף as פ), so the Hebrew expectation ends in פ.
    expect(normalizeAnswer(' כיכר   דיזנגוף ')).toBe('כיכר דיזנגופ');
  });

  it('splits the comma-separated list and drops empty entries', () => {
    expect(acceptedAnswers('1909, Tel Aviv ,,  ')).toEqual(['1909', 'tel aviv']);
  });

  it('lists the answers as written, case and niqqud kept, in the same entries as the accepted ones', () => {
    expect(writtenAnswers(' Tel   Aviv ,, שָׁלוֹם,1909 ')).toEqual(['Tel Aviv', 'שָׁלוֹם', '1909']);
    // An entry of bidi marks or niqqud alone is accepted by nobody, so it is not shown as the solution.
    expect(writtenAnswers('\u200f, \u05b8 ,Jaffa')).toEqual(['Jaffa']);
    expect(writtenAnswers(' , ')).toEqual([]);
    fc.assert(
      fc.property(fc.array(typedText, { maxLength: 4 }), (answers) => {
        const value = answers.join(',');
        expect(writtenAnswers(value).map(normalizeAnswer)).toEqual(acceptedAnswers(value));
      }),
    );
  });

  it('accepts any listed answer, case-insensitively', () => {
    expect(isAcceptedAnswer('1909, Tel Aviv', ' TEL   aviv ')).toBe(true);
    expect(isAcceptedAnswer('1909, Tel Aviv', '1910')).toBe(false);
    expect(isAcceptedAnswer('1909', '   ')).toBe(false);
  });

  it('judges from salted hashes exactly as from the plain list', () => {
    const hashes = answerHashes('s4lt', 'Bialik, ביאליק');
    expect(hashes).toHaveLength(2);
    expect(hashes.join()).not.toContain('bialik');
    expect(matchesAnswerHashes('s4lt', hashes, ' BIALIK')).toBe(true);
    expect(matchesAnswerHashes('s4lt', hashes, 'ביאליק')).toBe(true);
    expect(matchesAnswerHashes('other', hashes, 'bialik')).toBe(false);
    expect(matchesAnswerHashes('s4lt', hashes, 'rothschild')).toBe(false);
  });
});

const NIQQUD_AND_CANTILLATION = [
  ...Array.from({ length: 0x05bd - 0x0591 + 1 }, (_, i) => 0x0591 + i),
  0x05bf,
  0x05c1,
  0x05c2,
  0x05c4,
  0x05c5,
  0x05c7,
].map((code) => String.fromCodePoint(code));
const HEBREW_LETTERS = Array.from({ length: 0x05ea - 0x05d0 + 1 }, (_, i) => String.fromCodePoint(0x05d0 + i));
const FINAL_TO_PLAIN: [string, string][] = [
  ['ך', 'כ'],
  ['ם', 'מ'],
  ['ן', 'נ'],
  ['ף', 'פ'],
  ['ץ', 'צ'],
];
const SINGLE_QUOTES = ["'", '’', '‘', '׳', '`', '´'];
const DOUBLE_QUOTES = ['"', '”', '“', '״'];
const BIDI_MARKS = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

/** Hebrew words, English words, quotes, marks, spaces: what a creator or a player may type. */
const typedText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...HEBREW_LETTERS, ...NIQQUD_AND_CANTILLATION, ...SINGLE_QUOTES, ...DOUBLE_QUOTES, ...BIDI_MARKS, ' ', '\t', '\u00a0'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));
const hebrewWord = fc.array(fc.constantFrom(...HEBREW_LETTERS), { minLength: 1, maxLength: 8 }).map((letters) => letters.join(''));

describe('answers in Hebrew and English', () => {
  it('ignores niqqud and cantillation marks', () => {
    expect(normalizeAnswer('שָׁלוֹם')).toBe(normalizeAnswer('שלום'));
    expect(normalizeAnswer('בְּרֵאשִׁ֖ית')).toBe(normalizeAnswer('בראשית'));
    expect(isAcceptedAnswer('ירושלים', 'יְרוּשָׁלַיִם')).toBe(true);
    // Hebrew punctuation is not a mark: maqaf, paseq, sof pasuq and nun hafukha stay.
    for (const kept of ['\u05be', '\u05c0', '\u05c3', '\u05c6']) expect(normalizeAnswer(`א${kept}ב`)).toBe(`א${kept}ב`);
  });

  it('takes final letters as their plain forms', () => {
    expect(normalizeAnswer('שלום')).toBe(normalizeAnswer('שלומ'));
    for (const [final, plain] of FINAL_TO_PLAIN) expect(normalizeAnswer(final)).toBe(plain);
    expect(matchesAnswerHashes('s', answerHashes('s', 'תל אביב, יפו'), 'יפו')).toBe(true);
    expect(isAcceptedAnswer('ראשון לציון', 'ראשונ לציונ')).toBe(true);
  });

  it('takes every quote mark as the canonical single or double one', () => {
    for (const quote of SINGLE_QUOTES) expect(normalizeAnswer(`צ${quote}יפס`)).toBe("צ'יפס");
    for (const quote of DOUBLE_QUOTES) expect(normalizeAnswer(`צה${quote}ל`)).toBe('צה"ל');
    expect(isAcceptedAnswer('רמב"ם', 'רמב״ם')).toBe(true);
    expect(isAcceptedAnswer("Rabin's Square", 'rabin’s square')).toBe(true);
  });

  it('strips bidi marks, also between words', () => {
    expect(normalizeAnswer('\u200fתל\u200e \u2067אביב\u2069')).toBe('תל אביב');
    expect(normalizeAnswer('\u202b1909\u202c')).toBe('1909');
    expect(normalizeAnswer('tel \u200f aviv')).toBe('tel aviv');
  });

  it('applies NFKC: composed and decomposed letters, full-width forms and Hebrew presentation forms agree', () => {
    expect(normalizeAnswer('Cafe\u0301')).toBe(normalizeAnswer('Café'));
    expect(normalizeAnswer('ＴＥＬ　ＡＶＩＶ')).toBe('tel aviv');
    expect(normalizeAnswer('\ufb2a\ufb4f')).toBe('שאל'); // shin with shin dot, alef-lamed ligature
    expect(normalizeAnswer('１９０９')).toBe('1909');
  });

  it('lower-cases the same way on every phone, whatever its locale', () => {
    const original = String.prototype.toLocaleLowerCase;
    const turkish = vi.spyOn(String.prototype, 'toLocaleLowerCase').mockImplementation(function (this: string) {
      return original.call(this, 'tr');
    });
    try {
      expect(normalizeAnswer('ISTANBUL')).toBe('istanbul');
    } finally {
      turkish.mockRestore();
    }
  });

  it('still matches the hashes of a game cached on the phone before these rules', () => {
    const legacy = (text: string) => text.trim().toLocaleLowerCase().replace(/\s+/g, ' ');
    const oldHashes = ['שלום', 'צה"ל', 'Tel Aviv'].map((answer) => hashAnswer('s', legacy(answer)));
    expect(matchesAnswerHashes('s', oldHashes, ' שלום')).toBe(true);
    expect(matchesAnswerHashes('s', oldHashes, 'צה"ל')).toBe(true);
    expect(matchesAnswerHashes('s', oldHashes, 'TEL aviv')).toBe(true);
    expect(matchesAnswerHashes('s', oldHashes, 'יפו')).toBe(false);
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.oneof(typedText, fc.string({ unit: 'binary' })), (text) => {
        const once = normalizeAnswer(text);
        expect(normalizeAnswer(once)).toBe(once);
      }),
      { numRuns: 1500 },
    );
  });

  it('a word with niqqud equals the word without (property)', () => {
    fc.assert(
      fc.property(hebrewWord, fc.array(fc.array(fc.constantFrom(...NIQQUD_AND_CANTILLATION), { maxLength: 3 }), { maxLength: 8 }), (word, marks) => {
        const letters = Array.from(word);
        const pointed = letters.map((letter, i) => letter + (marks[i] ?? []).join('')).join('');
        expect(normalizeAnswer(pointed)).toBe(normalizeAnswer(word));
        expect(isAcceptedAnswer(word, pointed)).toBe(true);
      }),
    );
  });

  it('final and plain letters are equal (property)', () => {
    fc.assert(
      fc.property(hebrewWord, fc.constantFrom(...FINAL_TO_PLAIN), (word, [final, plain]) => {
        expect(normalizeAnswer(word + final)).toBe(normalizeAnswer(word + plain));
        expect(normalizeAnswer(final + word)).toBe(normalizeAnswer(plain + word));
      }),
    );
  });

  it('any quote variant equals the canonical one (property)', () => {
    fc.assert(
      fc.property(typedText, fc.constantFrom(...SINGLE_QUOTES), fc.constantFrom(...DOUBLE_QUOTES), typedText, (before, single, double, after) => {
        expect(normalizeAnswer(before + single + double + after)).toBe(normalizeAnswer(`${before}'"${after}`));
      }),
    );
  });

  it('English case and spacing as before (property)', () => {
    const english = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
    const space = fc.array(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2009'), { minLength: 1, maxLength: 3 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(english, { minLength: 1, maxLength: 4 }), fc.array(space, { minLength: 5, maxLength: 5 }), (words, spaces) => {
        const typed = spaces[0] + words.join(spaces[1]) + spaces[2];
        expect(normalizeAnswer(typed)).toBe(words.join(' ').toLowerCase());
        expect(isAcceptedAnswer(words.join(' ').toUpperCase(), typed)).toBe(true);
      }),
    );
  });

  it('judges from hashes exactly as from the plain list (property)', () => {
    fc.assert(
      fc.property(fc.array(typedText, { minLength: 1, maxLength: 4 }), typedText, (answers, typed) => {
        const value = answers.join(',');
        expect(matchesAnswerHashes('salt', answerHashes('salt', value), typed)).toBe(isAcceptedAnswer(value, typed));
      }),
    );
  });
});
