import { eq } from 'drizzle-orm';
import { acceptedAnswers, gameReplySchema, hashAnswer, MAX_ACCEPTED_ANSWERS, type GameContent, textAnswerValue } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { userWithToken } from '../../test/tokens.ts';
import { games } from '../../db/schema.ts';
import { codeGate } from '../codes/service.ts';
import { getGameForViewer, questionSalt } from './service.ts';

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
    const question = { ...base.questions[0], answer: { ...base.questions[0].answer, kind: 'text' as const, value: answers } };
    const content: Partial<GameContent> = { questions: Array.from({ length: 100 }, () => question) };
    return buildGame(t.db, { userId, content });
  }

  it('hashes a version’s answers once (at most the cap per question): a second read is the very same reply, and players get the same hashes', async () => {
    const owner = await userWithToken(t);
    const game = await heavyGame(owner.user.id);
    const viewer = { auth: { userId: owner.user.id, role: 'user' as const }, client: '192.0.2.1' };
    const deps = { db: t.db, codes: codeGate(t.app.services) };
    const first = await getGameForViewer(deps, game.id, viewer);
    expect(await getGameForViewer(deps, game.id, viewer)).toBe(first);

    const res = await getGame(t.app, game.id, { token: owner.token });
    expect(res.statusCode).toBe(200);
    const hashes = gameReplySchema.parse(res.json()).questions!.map((q) => q.answer.hashes);
    const salt = questionSalt(game.answerSalt, 7);
    expect(hashes[7]).toEqual(acceptedAnswers(textAnswerValue(game.content.questions[7].answer)).slice(0, MAX_ACCEPTED_ANSWERS).map((a) => hashAnswer(salt, a)));
    expect(hashes.every((question) => question.length === MAX_ACCEPTED_ANSWERS)).toBe(true);

    const code = await buildCode(t.db, { gameId: game.id });
    const player = gameReplySchema.parse((await getGame(t.app, game.id, { secret: code.code })).json());
    expect(player.questions!.map((q) => q.answer.hashes)).toEqual(hashes);

    // A new version is hashed anew.
    await t.db.update(games).set({ version: 2, answerSalt: 'a-new-salt', updatedAt: new Date() }).where(eq(games.id, game.id));
    const next = await getGameForViewer(deps, game.id, viewer);
    expect(next).not.toBe(first);
    expect(next.body.questions![0].answer.hashes[0]).toBe(hashAnswer(questionSalt('a-new-salt', 0), '00'));
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
