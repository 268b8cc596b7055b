import { describe, expect, it } from 'vitest';
import { emailSchema, idSchema, lineText, multilineText, nameSchema, phoneSchema } from './common.ts';
import { problemReportRequestSchema } from './feedback.ts';

/** Every C0 control character and DEL. */
const controls = [...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)), '\u007f'];
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
/** Hebrew direction marks: LRM, RLM, the embeddings and overrides, the isolates. */
const directionMarks = ['\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('lineText', () => {
  it.each(controls.map((c) => [hex(c), c]))('refuses %s anywhere in the text', (_name, c) => {
    for (const text of [`${c}abc`, `ab${c}c`, `abc${c}`]) expect(lineText().safeParse(text).success).toBe(false);
    // Even where .trim() would have cut it off: a trimmed field checks before it trims.
    expect(nameSchema.safeParse(`Noa${c}`).success).toBe(false);
  });

  it('keeps Hebrew direction marks and ordinary text', () => {
    for (const mark of directionMarks) expect(nameSchema.parse(`נועה ${mark}Levi${mark}`)).toBe(`נועה ${mark}Levi${mark}`);
    expect(lineText().parse('Yaacov Agam, אגם')).toBe('Yaacov Agam, אגם');
  });

  it('is the base of the common fields', () => {
    expect(idSchema.safeParse('abc\u0000').success).toBe(false);
    expect(emailSchema.safeParse('a\u0000b@example.com').success).toBe(false);
    // The phone pattern allows white space: a tab or line break is not one of those here.
    expect(phoneSchema.safeParse('050\t1234567').success).toBe(false);
    expect(phoneSchema.parse('050 1234567')).toBe('050 1234567');
  });
});

describe('multilineText', () => {
  it('allows tab and line breaks', () => {
    expect(multilineText().parse('one\ttwo\nthree\r\nfour')).toBe('one\ttwo\nthree\r\nfour');
  });

  it.each(controls.filter((c) => !'\t\n\r'.includes(c)).map((c) => [hex(c), c]))('refuses %s', (_name, c) => {
    expect(multilineText().safeParse(`line${c}\nline`).success).toBe(false);
  });

  it('is what a report message is made of', () => {
    const report = { gameId: 'g1', gameSecret: 'T-ABC', questionId: 1 };
    expect(problemReportRequestSchema.parse({ ...report, message: 'The sign\nis gone\u200f' }).message).toBe('The sign\nis gone\u200f');
    expect(problemReportRequestSchema.safeParse({ ...report, message: 'The sign\u0000is gone' }).success).toBe(false);
  });
});
