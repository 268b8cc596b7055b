import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { purchases } from '../../db/schema.ts';
import { feedbacks, plays } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildPlay, buildPurchase } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { postJson } from '../../test/requests.ts';
import { sendFeedbackInvitation } from './service.ts';

const ratings = { general: 5, questions: 4, path: 3 };

describe.each(testDatabaseKinds())('feedback on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const send = (gameId: string, body: unknown) => postJson(t.app, `/api/feedback/game/${gameId}`, body);
  const feedbackOf = (gameId: string) => t.db.select().from(feedbacks).where(eq(feedbacks.gameId, gameId));
  const deps = () => ({ db: t.db, mailer: t.app.services.mailer, config: t.config });

  /** A game with an admin code and a play of it. */
  async function playedGame() {
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    const play = await buildPlay(t.db, { gameId: game.id, codeId: code.id, endTime: new Date() });
    return { game, code, play };
  }

  /** A game bought through a purchase, played with the purchased code. */
  async function purchasedPlay(purchase: Partial<typeof purchases.$inferInsert> = {}) {
    const game = await buildGame(t.db);
    const bought = await buildPurchase(t.db, { gameId: game.id, ...purchase });
    const code = await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: bought.id });
    const play = await buildPlay(t.db, { gameId: game.id, codeId: code.id, endTime: new Date() });
    return { game, purchase: bought, code, play };
  }

  const linkToken = (text: string, gameId: string) => {
    const prefix = `${t.config.publicUrl}/game-feedback/${gameId}/`;
    const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no feedback link in ${text}`);
    return match[1];
  };

  it('stores feedback given with the play’s code: ratings, comment, game, play and date; once per play', async () => {
    const { game, code, play } = await playedGame();
    const before = Date.now();
    // Codes are typed loosely on a phone: trimmed and upper-cased like everywhere else.
    const res = await send(game.id, { ...ratings, openAnswer: '  Great route, hard last question  ', secretCode: ` ${code.code.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'OK' } });
    const [stored] = await feedbackOf(game.id);
    expect(stored).toMatchObject({ gameId: game.id, playId: play.id, general: 5, questions: 4, path: 3, openAnswer: 'Great route, hard last question' });
    expect(stored.update.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = await send(game.id, { ...ratings, secretCode: code.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    expect(await feedbackOf(game.id)).toHaveLength(1);
  });

  it('the comment is optional and stored empty', async () => {
    const { game, code } = await playedGame();
    expect((await send(game.id, { general: 1, questions: 1, path: 1, secretCode: code.code })).statusCode).toBe(200);
    expect((await feedbackOf(game.id))[0]).toMatchObject({ general: 1, questions: 1, path: 1, openAnswer: '' });
  });

  it('a wrong code is 403 wrong_code, and another game’s code gets exactly the same answer', async () => {
    const { game } = await playedGame();
    const other = await playedGame();
    const wrong = await send(game.id, { ...ratings, secretCode: 'NOSUCHCODE9' });
    const foreign = await send(game.id, { ...ratings, secretCode: other.code.code });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'wrong_code', message: expect.any(String) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(wrong.json());
    expect(await feedbackOf(game.id)).toEqual([]);
    expect(await feedbackOf(other.game.id)).toEqual([]);
  });

  it('an unknown game is a wrong code (403); a valid code that has not played yet is 409', async () => {
    expect((await send('0123456789abcdef01234567', { ...ratings, secretCode: 'ABCDEFGHJ' })).statusCode).toBe(403);
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    const res = await send(game.id, { ...ratings, secretCode: code.code });
    expect(res.statusCode).toBe(409);
    expect(await feedbackOf(game.id)).toEqual([]);
  });

  it('ratings outside 1 to 5, not whole, or missing, and malformed bodies: 400 and nothing stored', async () => {
    const { game, code } = await playedGame();
    const secretCode = code.code;
    const bodies: unknown[] = [
      { ...ratings, general: 0, secretCode },
      { ...ratings, general: 6, secretCode },
      { ...ratings, questions: 2.5, secretCode },
      { ...ratings, path: -1, secretCode },
      { ...ratings, path: '5', secretCode },
      { ...ratings, general: null, secretCode },
      { questions: 3, path: 3, secretCode },
      { ...ratings, openAnswer: 'x'.repeat(2001), secretCode },
      { ...ratings, openAnswer: 7, secretCode },
      // Either the code or the emailed token, exactly one.
      { ...ratings },
      { ...ratings, secretCode, token: 'a'.repeat(43) },
      { ...ratings, token: 'short' },
      [ratings],
    ];
    for (const body of bodies) {
      const res = await send(game.id, body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code: 'validation' });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/game/${game.id}`,
      payload: '{"general": 5,',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(await feedbackOf(game.id)).toEqual([]);
  });

  it('sendFeedbackInvitation emails the buyer one working single-use link; the token then works once', async () => {
    const { game, purchase, play } = await purchasedPlay({ email: 'invited@example.com', fullName: 'Noa Buyer' });
    await sendFeedbackInvitation(deps(), { playId: play.id });
    // Once per play: a second end-of-game call sends nothing more.
    await sendFeedbackInvitation(deps(), { playId: play.id });

    const mails = (await t.readOutbox()).filter((m) => m.to === purchase.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.language).toBe('he');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('שלום Noa Buyer');
    expect(mail.subject).toContain('Test hunt');
    const token = linkToken(mail.text, game.id);
    expect(mail.html).toContain(`href="${t.config.publicUrl}/game-feedback/${game.id}/${token}"`);
    const [stored] = await t.db.select().from(plays).where(eq(plays.id, play.id));
    expect(stored.feedbackTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.feedbackTokenHash).not.toContain(token);
    expect(stored.feedbackTokenUsedAt).toBeNull();

    // The token belongs to this game only.
    const other = await buildGame(t.db);
    const elsewhere = await send(other.id, { ...ratings, token });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('invalid_token');

    const res = await send(game.id, { ...ratings, openAnswer: 'From the email', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'OK' } });
    expect(await feedbackOf(game.id)).toMatchObject([{ playId: play.id, general: 5, questions: 4, path: 3, openAnswer: 'From the email' }]);
    expect((await t.db.select().from(plays).where(eq(plays.id, play.id)))[0].feedbackTokenUsedAt).toBeInstanceOf(Date);

    const reused = await send(game.id, { ...ratings, token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_token');
    expect(await feedbackOf(game.id)).toHaveLength(1);
  });

  it('a play rated in the game and then through the emailed link keeps the link’s rating, in the one row of the play', async () => {
    const { game, code, purchase, play } = await purchasedPlay();
    await sendFeedbackInvitation(deps(), { playId: play.id });
    const token = linkToken((await t.readOutbox()).find((m) => m.to === purchase.email)?.text ?? '', game.id);
    expect((await send(game.id, { general: 2, questions: 2, path: 2, openAnswer: 'In the game', secretCode: code.code })).statusCode).toBe(200);
    const [first] = await feedbackOf(game.id);

    const res = await send(game.id, { ...ratings, openAnswer: 'Thought it over at home', token });
    expect(res.statusCode).toBe(200);
    const rows = await feedbackOf(game.id);
    expect(rows).toMatchObject([{ id: first.id, playId: play.id, general: 5, questions: 4, path: 3, openAnswer: 'Thought it over at home' }]);
    expect(rows[0].update.getTime()).toBeGreaterThanOrEqual(first.update.getTime());
    // The link worked once; the game-over page still may not send a second one.
    expect((await send(game.id, { ...ratings, token })).json().code).toBe('invalid_token');
    expect((await send(game.id, { ...ratings, secretCode: code.code })).statusCode).toBe(409);
    expect(await feedbackOf(game.id)).toMatchObject([{ general: 5, openAnswer: 'Thought it over at home' }]);
  });

  it('two uses of one token at once: one is stored, the other refused', async () => {
    const { game, play } = await purchasedPlay();
    await sendFeedbackInvitation(deps(), { playId: play.id });
    const mail = (await t.readOutbox()).find((m) => m.text.includes(`/game-feedback/${game.id}/`));
    const token = linkToken(mail?.text ?? '', game.id);
    const replies = await Promise.all([send(game.id, { ...ratings, token }), send(game.id, { ...ratings, token })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await feedbackOf(game.id)).toHaveLength(1);
  });

  it('an unknown token is 400 invalid_token', async () => {
    const { game } = await playedGame();
    const res = await send(game.id, { ...ratings, token: 'A'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
  });

  it('the invitation speaks the purchase’s language', async () => {
    const { game, purchase, play } = await purchasedPlay({ language: 'en', fullName: 'Sam Buyer' });
    await sendFeedbackInvitation(deps(), { playId: play.id });
    const [mail] = (await t.readOutbox()).filter((m) => m.to === purchase.email);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('How was Test hunt?');
    expect(mail.text).toContain('Hello Sam Buyer,');
    expect(mail.text).toContain(`${t.config.publicUrl}/game-feedback/${game.id}/`);
  });

  it('no invitation for an admin or creator code, a play that gave feedback already, or an unknown play', async () => {
    const before = (await t.readOutbox()).length;
    const { play } = await playedGame();
    await sendFeedbackInvitation(deps(), { playId: play.id });
    const game = await buildGame(t.db);
    const creatorCode = await buildCode(t.db, { gameId: game.id, source: 'creator' });
    const creatorPlay = await buildPlay(t.db, { gameId: game.id, codeId: creatorCode.id });
    await sendFeedbackInvitation(deps(), { playId: creatorPlay.id });
    await sendFeedbackInvitation(deps(), { playId: '0123456789abcdef01234567' });

    const rated = await purchasedPlay();
    expect((await send(rated.game.id, { ...ratings, secretCode: rated.code.code })).statusCode).toBe(200);
    await sendFeedbackInvitation(deps(), { playId: rated.play.id });

    expect(await t.readOutbox()).toHaveLength(before);
    for (const id of [play.id, creatorPlay.id, rated.play.id]) {
      expect((await t.db.select().from(plays).where(eq(plays.id, id)))[0].feedbackTokenHash).toBeNull();
    }
  });

  it('when the email cannot be sent, the token is taken back and a later call invites again', async () => {
    const { purchase, play } = await purchasedPlay();
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP is down');
      },
    };
    await expect(sendFeedbackInvitation({ ...deps(), mailer: failing }, { playId: play.id })).rejects.toThrow('SMTP is down');
    expect((await t.db.select().from(plays).where(eq(plays.id, play.id)))[0].feedbackTokenHash).toBeNull();
    await sendFeedbackInvitation(deps(), { playId: play.id });
    expect((await t.readOutbox()).filter((m) => m.to === purchase.email)).toHaveLength(1);
  });

  it('answers an unknown game and a hidden (DRAFT, PENDING) one alike, with a code or a token', async () => {
    const ip = nextIp();
    const draft = await buildGame(t.db, { status: 'DRAFT', approvedAt: null });
    const pending = await buildGame(t.db, { status: 'PENDING', approvedAt: null });
    const unknownId = '0123456789abcdef01234567';
    const replies = async (body: Record<string, unknown>) => {
      const out = [];
      for (const gameId of [unknownId, draft.id, pending.id]) {
        const res = await postJson(t.app, `/api/feedback/game/${gameId}`, { ...ratings, ...body }, { ip });
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const byCode = await replies({ secretCode: 'NOSUCHCODE9' });
    expect(byCode[0]).toEqual({ status: 403, body: { code: 'wrong_code', message: expect.any(String) } });
    expect(byCode).toEqual([byCode[0], byCode[0], byCode[0]]);
    const byToken = await replies({ token: 'A'.repeat(43) });
    expect(byToken[0]).toEqual({ status: 400, body: { code: 'invalid_token', message: expect.any(String) } });
    expect(byToken).toEqual([byToken[0], byToken[0], byToken[0]]);
    // A creator's code opens the draft it belongs to, as it does for playing (play-testing).
    const code = await buildCode(t.db, { gameId: draft.id, source: 'creator' });
    await buildPlay(t.db, { gameId: draft.id, codeId: code.id });
    expect((await send(draft.id, { ...ratings, secretCode: code.code })).statusCode).toBe(200);
  });

  it('allows 30 feedback calls a minute from one IP, then 429', async () => {
    const { game } = await playedGame();
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await postJson(t.app, `/api/feedback/game/${game.id}`, {}, { ip })).statusCode).toBe(400);
    const limited = await postJson(t.app, `/api/feedback/game/${game.id}`, {}, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
