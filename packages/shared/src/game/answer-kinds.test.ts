import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeAnswer } from './answer.ts';
import { isChoiceCorrect, isNumberAnswerCorrect, MIN_LETTERS_FOR_TYPO, parseNumberAnswer, withinOneTypo } from './answer-kinds.ts';

/** Optimal string alignment distance (insert, delete, substitute, adjacent swap), the plain dynamic programme. */
function osaDistance(a: string[], b: string[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const letters = fc.array(fc.constantFrom(...'abcdeאבגדהשלומ '), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));

describe('withinOneTypo (the lenient text rule)', () => {
  it('accepts one insert, delete, substitution or adjacent swap in an answer of five letters or more', () => {
    expect(withinOneTypo('Dizengoff', 'dizengof')).toBe(true); // delete
    expect(withinOneTypo('Dizengoff', 'dizzengoff')).toBe(true); // insert
    expect(withinOneTypo('Dizengoff', 'dizangoff')).toBe(true); // substitute
    expect(withinOneTypo('Dizengoff', 'dziengoff')).toBe(true); // swap
    expect(withinOneTypo('1909, ירושלים', 'ירושלם')).toBe(true);
    expect(withinOneTypo('tel aviv', 'telaviv')).toBe(true);
    expect(withinOneTypo('Dizengoff', 'dizangof')).toBe(false); // two edits
    expect(withinOneTypo('Dizengoff', 'dzeingoff')).toBe(false); // not adjacent
  });

  it('takes the same normalization as the exact rule, and exact answers of any length', () => {
    expect(withinOneTypo('שָׁלוֹם עליכם', ' שלומ עליכמ ')).toBe(true);
    expect(withinOneTypo('Rothschild', 'ROTHSCHILD')).toBe(true);
    expect(withinOneTypo('חיפה', 'חיפה')).toBe(true);
    expect(withinOneTypo('Jaffa', '   ')).toBe(false);
  });

  it('is exact for answers under five letters, and never forgives an edited digit', () => {
    expect(withinOneTypo('חיפה', 'חיפא')).toBe(false); // four letters
    expect(withinOneTypo('Akko', 'Acko')).toBe(false);
    expect(withinOneTypo('12345', '12346')).toBe(false); // no letters
    expect(withinOneTypo('route 66', 'route 67')).toBe(false);
    expect(withinOneTypo('route 66', 'route 6')).toBe(false);
    expect(withinOneTypo('route 66', 'route 656')).toBe(false);
    expect(withinOneTypo('route 16', 'route 61')).toBe(false);
    expect(withinOneTypo('route 66', 'ruote 66')).toBe(true);
  });

  it('agrees with the edit distance on answers without digits (property)', () => {
    fc.assert(
      fc.property(letters, letters, (accepted, typed) => {
        const a = Array.from(normalizeAnswer(accepted));
        const t = Array.from(normalizeAnswer(typed));
        const longEnough = a.filter((c) => c !== ' ').length >= MIN_LETTERS_FOR_TYPO;
        const expected = t.length > 0 && a.length > 0 && (a.join('') === t.join('') || (longEnough && osaDistance(a, t) <= 1));
        expect(withinOneTypo(accepted, typed)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts every single edit of a long answer (property)', () => {
    const alphabet = [...'abcdefghijklmnopqrstuvwxyzאבגדהוזחטיכלמנסעפצקרשת'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...alphabet), { minLength: MIN_LETTERS_FOR_TYPO, maxLength: 12 }),
        fc.nat(),
        fc.constantFrom('insert', 'delete', 'substitute', 'swap'),
        fc.constantFrom(...alphabet),
        (word, at, edit, letter) => {
          const i = at % word.length;
          const typed = [...word];
          if (edit === 'insert') typed.splice(i, 0, letter);
          if (edit === 'delete') typed.splice(i, 1);
          if (edit === 'substitute') typed[i] = letter;
          if (edit === 'swap' && i + 1 < word.length) [typed[i], typed[i + 1]] = [typed[i + 1], typed[i]];
          expect(withinOneTypo(word.join(''), typed.join(''))).toBe(true);
        },
      ),
    );
  });
});

describe('parseNumberAnswer', () => {
  it.each([
    ['1948', 1948],
    ['  -12 ', -12],
    ['+7', 7],
    ['−3', -3],
    ['3.5', 3.5],
    ['.5', 0.5],
    ['1,5', 1.5],
    ['1,25', 1.25],
    ['1,5000', 1.5],
    ['0,500', 0.5],
    ['1,500', 1500],
    ['1,234,567', 1234567],
    ['1,234.5', 1234.5],
    ['1.500', 1.5],
    ['3.141', 3.141],
    ['1.234.567', 1234567],
    ['1.234,5', 1234.5],
    ['1 500', 1500],
    ['1\u00a0500', 1500],
    ['1\u2009500\u2009000', 1500000],
    ['1\u202f234,5', 1234.5],
    ['١٩٤٨', 1948],
    ['۱۲۰', 120],
    ['١٬٢٣٤٫٥', 1234.5],
    ['１２０', 120],
    ['120 m', 120],
    ['120m', 120],
    ['1948 שנה', 1948],
    ['\u200f1948\u200f שנה', 1948],
    ['1,500 מטר', 1500],
    ['50%', 50],
    ['-0', 0],
  ])('reads %j as %d', (typed, expected) => {
    expect(parseNumberAnswer(typed)).toBe(expected);
  });

  it.each(['', '   ', 'abc', 'שנה 1948', '-', '- 5', '+-5', '1.2.3', '1,234,5', '12 or 13', '1 50', '3 4', '5.', '1e5', '٣,', 'x'.repeat(300)])(
    'reads %j as no number',
    (typed) => {
      expect(parseNumberAnswer(typed)).toBeNull();
    },
  );

  it('reads back any integer grouped by commas or spaces, in any digits (property)', () => {
    const toDigits = (text: string, zero: number) => text.replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(',', ' ', '\u00a0', '\u2009', '\u202f'),
        fc.constantFrom(0x30, 0x660, 0x6f0, 0xff10),
        fc.constantFrom('', ' m', 'm', ' שנה'),
        (n, separator, zero, unit) => {
          const grouped = Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
          expect(parseNumberAnswer(`${n < 0 ? '-' : ''}${toDigits(grouped, zero)}${unit}`)).toBe(n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads back integers grouped by dots when the dot repeats or a decimal comma follows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }), fc.nat(999), (n, millis) => {
        const dotted = n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        expect(parseNumberAnswer(dotted)).toBe(n);
        expect(parseNumberAnswer(`${dotted},${String(millis).padStart(3, '0')}`)).toBe(Number(`${n}.${String(millis).padStart(3, '0')}`));
      }),
    );
  });

  it('reads what the locales format (en, he, de, fr, ar) as the number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.nat(99), fc.constantFrom('en-US', 'he-IL', 'de-DE', 'fr-FR', 'ar-EG'), (whole, cents, locale) => {
        const n = whole + Math.sign(whole || 1) * cents / 100;
        // Two decimals always: a dot and exactly three digits never comes from this format.
        const text = n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(parseNumberAnswer(text)).toBeCloseTo(n, 6);
      }),
    );
  });
});

describe('isNumberAnswerCorrect', () => {
  it('accepts within the tolerance, boundaries included', () => {
    expect(isNumberAnswerCorrect('1948', { value: 1948 })).toBe(true);
    expect(isNumberAnswerCorrect('1949', { value: 1948 })).toBe(false);
    expect(isNumberAnswerCorrect('1949 שנה', { value: 1948, tolerance: 1 })).toBe(true);
    expect(isNumberAnswerCorrect('1947', { value: 1948, tolerance: 1 })).toBe(true);
    expect(isNumberAnswerCorrect('1946', { value: 1948, tolerance: 1 })).toBe(false);
    expect(isNumberAnswerCorrect('1.1', { value: 1, tolerance: 0.1 })).toBe(true);
    expect(isNumberAnswerCorrect('0,9', { value: 1, tolerance: 0.1 })).toBe(true);
    expect(isNumberAnswerCorrect('1.1001', { value: 1, tolerance: 0.1 })).toBe(false);
    expect(isNumberAnswerCorrect('about 1948', { value: 1948, tolerance: 10 })).toBe(false);
  });

  it('accepts nothing when the tolerance or the value is not usable', () => {
    expect(isNumberAnswerCorrect('5', { value: 5, tolerance: -1 })).toBe(false);
    expect(isNumberAnswerCorrect('5', { value: 5, tolerance: Number.NaN })).toBe(false);
    expect(isNumberAnswerCorrect('5', { value: Number.NaN, tolerance: 1 })).toBe(false);
    expect(isNumberAnswerCorrect('5', { value: Number.POSITIVE_INFINITY, tolerance: 1 })).toBe(false);
  });

  it('is right on both boundaries and wrong just beyond them, in decimals (property)', () => {
    // value and tolerance with up to three decimals, as a creator types them: V / 10^s and T / 10^s.
    const decimal = (units: bigint, scale: number) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      return units < 0n ? `-${text}` : text;
    };
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 3 }), (v, t, scale) => {
        const value = Number(decimal(BigInt(v), scale));
        const tolerance = Number(decimal(BigInt(t), scale));
        const [V, T] = [BigInt(v), BigInt(t)];
        expect(isNumberAnswerCorrect(decimal(V + T, scale), { value, tolerance })).toBe(true);
        expect(isNumberAnswerCorrect(decimal(V - T, scale), { value, tolerance })).toBe(true);
        // One unit of the next decimal place beyond each boundary.
        expect(isNumberAnswerCorrect(decimal((V + T) * 10n + 1n, scale + 1), { value, tolerance })).toBe(false);
        expect(isNumberAnswerCorrect(decimal((V - T) * 10n - 1n, scale + 1), { value, tolerance })).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isChoiceCorrect', () => {
  const options = [
    { id: 'a', correct: false },
    { id: 'b', correct: true },
    { id: 'c', correct: true },
  ];

  it('is right for a correct option only', () => {
    expect(isChoiceCorrect('b', options)).toBe(true);
    expect(isChoiceCorrect('c', options)).toBe(true);
    expect(isChoiceCorrect('a', options)).toBe(false);
    expect(isChoiceCorrect('z', options)).toBe(false);
    expect(isChoiceCorrect('', options)).toBe(false);
    expect(isChoiceCorrect('b', [])).toBe(false);
  });

  it('is right exactly when the picked id names an option marked correct (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.string({ maxLength: 4 }), correct: fc.boolean() }), { selector: (option) => option.id, maxLength: 6 }),
        fc.string({ maxLength: 4 }),
        (opts, picked) => {
          const option = opts.find((o) => o.id === picked);
          expect(isChoiceCorrect(picked, opts)).toBe(option?.correct ?? false);
          for (const o of opts) expect(isChoiceCorrect(o.id, opts)).toBe(o.correct);
        },
      ),
    );
  });
});
