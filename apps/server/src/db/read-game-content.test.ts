import { describe, expect, it } from 'vitest';
import { readGameContent, readGameMetadata } from './read-game-content.ts';

describe('reading a stored game', () => {
  it('a metadata field that does not read falls back on its own; the name and price stay', () => {
    const metadata = { name: 'Jaffa walk', price: 45, language: 'fr', map: 'yes', locationCity: 7, location: { lat: 500, lng: 0 } };
    expect(readGameMetadata(metadata)).toEqual({
      name: 'Jaffa walk',
      price: 45,
      language: 'he',
      map: false,
      locationCity: '',
      locationText: '',
      currencyCode: 'ILS',
      coverImage: '',
      location: undefined,
      // Stored before the scoring settings: the spec's rules.
      scoring: { wrongAttemptPenalty: 0, timePenalty: true },
      order: 'linear',
    });
    expect(readGameMetadata('not an object')).toMatchObject({ name: '', price: '' });
  });

  it('a question or hint stored without an id reads with one made from its position, the same on every read', () => {
    const row = {
      metadata: {},
      introPage: {},
      gameoverPage: {},
      questions: [{ id: 'kept', answer: {}, hints: [{ content: 'a' }, { id: 'h', content: 'b' }] }, { answer: {}, hints: [{}] }, 'not a question'],
    };
    const first = readGameContent(row).questions;
    expect(first.map((q) => [q.id, q.hints.map((h) => h.id)])).toEqual([
      ['kept', ['kept-h1', 'h']],
      ['missing-q2', ['missing-q2-h1']],
      ['missing-q3', []],
    ]);
    expect(readGameContent({ ...row }).questions).toEqual(first);
  });
});
