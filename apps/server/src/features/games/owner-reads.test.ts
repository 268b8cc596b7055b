import { answerHashes, gameReplySchema, type GameContent } from '@streethunt/shared';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame } from '../plays/test-support.ts';
import { userWithToken } from '../studio/test-support.ts';
import { questionSalt } from './service.ts';

/*
 * The owner's (and an admin's) read of a game carries every answer and its hashes: the costliest
 * read there is. It is counted per account, and the hashes are made once per saved version.
 */
describe('the owner’s reads of a game', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A game stored before answers were capped: 100 questions of some 660 accepted answers each. */
  async function heavyGame(userId: string) {
    const base = gameContent();
    const answers = Array.from({ length: 666 }, (_, i) => i.toString(36).padStart(2, '0')).join(',');
    const question = { ...base.questions[0], answer: { ...base.questions[0].answer, value: answers } };
    const content: Partial<GameContent> = { questions: Array.from({ length: 100 }, () => question) };
    return buildGame(t.db, { userId, content });
  }

  it('hashes a version’s answers once: a second read is much faster than the first, and players get the same hashes', async () => {
    const owner = await userWithToken(t);
    const game = await heavyGame(owner.user.id);
    const timed = async () => {
      const start = performance.now();
      const res = await getGame(t.app, game.id, { token: owner.token });
      expect(res.statusCode).toBe(200);
      return { ms: performance.now() - start, body: gameReplySchema.parse(res.json()) };
    };
    const first = await timed();
    const second = await timed();
    const third = await timed();
    expect(Math.min(second.ms, third.ms)).toBeLessThan(first.ms / 3);
    const hashes = first.body.questions!.map((q) => q.answer.hashes);
    expect(hashes[7]).toEqual(answerHashes(questionSalt(game.answerSalt, 7), game.content.questions[7].answer.value));
    expect(second.body.questions!.map((q) => q.answer.hashes)).toEqual(hashes);

    const code = await buildCode(t.db, { gameId: game.id });
    const player = gameReplySchema.parse((await getGame(t.app, game.id, { secret: code.code })).json());
    expect(player.questions!.map((q) => q.answer.hashes)).toEqual(hashes);
  });

  it('counts a logged-in caller’s reads per account (120 a minute), and never a player without an account', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await getGame(t.app, game.id, { token: owner.token })).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await getGame(t.app, game.id, { token: owner.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another account, and players with no account, read on.
    const other = await userWithToken(t);
    expect((await getGame(t.app, game.id, { token: other.token })).statusCode).toBe(200);
    const ip = '198.51.100.77';
    for (let i = 0; i < 130; i += 1) expect((await getGame(t.app, game.id, { ip })).statusCode).toBe(200);
  });
});
