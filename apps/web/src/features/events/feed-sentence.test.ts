import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@streethunt/shared';
import { createTestI18n, textsOf } from '../../test/i18n.ts';
import { feedSentence } from './feed-sentence.ts';
import { buildFeedItem } from './test-data.ts';

const withoutIsolates = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('feed sentences', () => {
  it('name the team and the question for every kind, in both languages', async () => {
    const items: FeedItem[] = [
      buildFeedItem('1', { kind: 'named', teamId: 't1' }),
      buildFeedItem('2', { kind: 'started', teamId: 't1' }),
      buildFeedItem('3', { kind: 'answered', teamId: 't1', questionNumber: 3 }),
      buildFeedItem('4', { kind: 'hint', teamId: 't1', questionNumber: 4 }),
      buildFeedItem('5', { kind: 'skipped', teamId: 't1', questionNumber: 5 }),
      buildFeedItem('6', { kind: 'finished', teamId: 't1' }),
      buildFeedItem('7', { kind: 'problem', teamId: 't1', text: 'Lost' }),
      buildFeedItem('8', { kind: 'message', teamId: null, text: 'Lunch at 12' }),
      buildFeedItem('9', { kind: 'message', teamId: 't1', text: 'Hurry' }),
      buildFeedItem('10', { kind: 'answered', teamId: 't1', questionNumber: null }),
    ];
    const { i18n: en, missing } = await createTestI18n('en');
    const sentence = (item: FeedItem) => withoutIsolates(feedSentence(item, item.teamId ? 'Lions' : undefined, textsOf(en)));
    expect(items.map(sentence)).toEqual([
      'Lions chose its name',
      'Lions started the game',
      'Lions answered question 3',
      'Lions opened a hint on question 4',
      'Lions skipped question 5',
      'Lions finished the game',
      'Lions reported a problem',
      'Message to all teams',
      'Message to Lions',
      'Lions answered a question',
    ]);
    const { i18n: he } = await createTestI18n('he');
    expect(withoutIsolates(feedSentence(items[2], 'הנמרים', textsOf(he)))).toBe('הנמרים ענתה על שאלה 3');
    expect(missing).toEqual([]);
  });

  it('keeps a name in the other script in its own order', async () => {
    const { i18n } = await createTestI18n('en');
    expect(feedSentence(buildFeedItem('1', { kind: 'message', teamId: 't1' }), 'צוות 7', textsOf(i18n))).toBe('Message to \u2068צוות 7\u2069');
  });
});
