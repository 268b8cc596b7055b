import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@streethunt/shared';
import { createTestI18n, textsOf } from '../../test/i18n.ts';
import { feedSentence } from './feed-sentence.ts';

describe('feed sentences of photo tasks', () => {
  it('says in the feed that a photo came and how it was judged, in both languages', async () => {
    const item = (kind: FeedItem['kind'], text: string | null = null): FeedItem => ({ id: kind, at: '2026-11-27T10:00:00.000Z', kind, teamId: 't1', questionNumber: 2, text });
    const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
    const { i18n: en, missing } = await createTestI18n('en');
    const sayEn = (i: FeedItem) => plain(feedSentence(i, 'Lions', textsOf(en)));
    expect([sayEn(item('photo')), sayEn(item('photo-judged', 'accepted')), sayEn(item('photo-judged', 'rejected'))]).toEqual([
      'Lions sent a photo for question 2',
      'The photo of Lions for question 2 was accepted',
      'The photo of Lions for question 2 was not accepted',
    ]);
    const { i18n: he } = await createTestI18n('he');
    expect(plain(feedSentence(item('photo'), 'הנמרים', textsOf(he)))).toBe('הנמרים שלחה תמונה לשאלה 2');
    expect(missing).toEqual([]);
  });
});
