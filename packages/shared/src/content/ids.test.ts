import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentIdSchema, newContentId, repeatedContentId, withContentIds } from './ids.ts';

const question = (id?: string, hintIds: Array<string | undefined> = []) => ({ id, content: '', hints: hintIds.map((hintId) => ({ id: hintId, content: '' })) });

describe('question and hint ids', () => {
  it('a new id is 12 letters and digits, reads as an id, and does not repeat', () => {
    const ids = Array.from({ length: 2_000 }, newContentId);
    expect(ids.every((id) => /^[A-Za-z0-9]{12}$/.test(id) && contentIdSchema.safeParse(id).success)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses an id that is empty, too long or holds other characters', () => {
    for (const bad of ['', 'x'.repeat(41), 'a b', 'a/b', 'שאלה', '<q>']) expect(contentIdSchema.safeParse(bad).success, bad).toBe(false);
    expect(contentIdSchema.safeParse('q1_h-2').success).toBe(true);
  });

  it('keeps the ids items have, gives one to each item without, and a new one to an id seen before', () => {
    const given = [question('a', ['h1', undefined]), question(undefined, ['h1']), question('a')];
    const [first, second, third] = withContentIds(given);
    expect(first!.id).toBe('a');
    expect(first!.hints[0]!.id).toBe('h1');
    expect(first!.hints[1]!.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(second!.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(second!.hints[0]!.id).not.toBe('h1');
    expect(third!.id).not.toBe('a');
    expect(repeatedContentId(withContentIds(given))).toBeNull();
    // The rest of each item is untouched.
    expect(first).toMatchObject({ content: '', hints: [{ content: '' }, { content: '' }] });
  });

  it('fresh: every id is new, as a duplicated game gets', () => {
    const given = [question('a', ['h1']), question('b')];
    const copied = withContentIds(given, { fresh: true });
    expect(copied.flatMap((q) => [q.id, ...q.hints.map((h) => h.id)]).some((id) => ['a', 'b', 'h1'].includes(id))).toBe(false);
  });

  it('after withContentIds no id repeats, whatever the ids given (property)', () => {
    const id = fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined });
    fc.assert(
      fc.property(fc.array(fc.record({ id, hints: fc.array(id, { maxLength: 3 }) }), { maxLength: 6 }), (items) => {
        const given = items.map((item) => question(item.id, item.hints));
        expect(repeatedContentId(withContentIds(given))).toBeNull();
      }),
    );
  });

  it('repeatedContentId names the first id used twice, across questions and hints', () => {
    expect(repeatedContentId([question('a', ['b']), question('c', ['b'])])).toBe('b');
    expect(repeatedContentId([question('a', ['a'])])).toBe('a');
    expect(repeatedContentId([question(undefined, [undefined]), question(undefined)])).toBeNull();
  });
});
