import { eq } from 'drizzle-orm';
import { editorGameReplySchema, validateGame, type GameContent } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { storedGame, studioTables } from './test-support.ts';

/** A game that breaks every kind of rule once: no name, price under 30, map on without locations, empty contents. */
function brokenContent(): GameContent {
  const base = gameContent();
  return {
    ...base,
    metadata: { ...base.metadata, name: '  ', price: '10', map: true, location: null },
    introPage: { content: '<p></p>' },
    questions: [
      { ...base.questions[0], content: '', location: null, answer: { ...base.questions[0].answer, kind: 'text' as const, value: ' , ' } },
      { ...base.questions[1], hints: [{ id: 'q2h1', content: '<p> </p>' }, base.questions[1].hints[1]] },
    ],
    gameoverPage: { content: '', hideGameSummary: false },
  };
}

describe.each(testDatabaseKinds())('game status (POST /api/games/status/{gameId}) on %s', (kind) => {
  let t: TestApp;
  let hebrewAdmin: Awaited<ReturnType<typeof userWithToken>>;
  let englishAdmin: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    hebrewAdmin = await userWithToken(t, { role: 'admin', language: 'he' });
    englishAdmin = await userWithToken(t, { role: 'admin', language: 'en' });
  });
  afterAll(() => t.close());

  const setStatus = (gameId: string, body: unknown, token?: string) => call(t, 'POST', `/api/games/status/${gameId}`, { token, body });

  async function gameOfNewCreator(status: 'DRAFT' | 'PENDING' | 'APPROVED', content?: GameContent) {
    const owner = await userWithToken(t, { firstName: 'Dana', lastName: 'Bar' });
    const game = await buildGame(t.db, { userId: owner.user.id, status, approvedAt: status === 'APPROVED' ? new Date() : null, content });
    return { owner, game };
  }

  const mailsAbout = async (gameId: string) => (await t.readOutbox()).filter((mail) => mail.text.includes(`/game-editor/${gameId}`));

  it('PENDING with an invalid game: 422 listing every error exactly as the shared validation does, and nothing changes', async () => {
    const content = brokenContent();
    const { owner, game } = await gameOfNewCreator('DRAFT', content);
    const before = await studioTables(t.db);
    const res = await setStatus(game.id, { status: 'PENDING', notifyAdmin: true }, owner.token);
    expect(res.statusCode).toBe(422);

    const expected = validateGame(content);
    // Every rule met once (required and minimun), so one validator is really compared on all of them.
    expect(new Set(expected.map((e) => `${e.error}.${e.field}`))).toEqual(
      new Set([
        'required.name',
        'minimun.price',
        'required.location',
        'required.introPage',
        'required.questionContent',
        'required.questionLocation',
        'required.answerValue',
        'required.hintContent',
        'required.gameoverPage',
      ]),
    );
    expect(res.json()).toEqual({
      code: 'validation',
      message: expected[0].message,
      issues: expected,
    });
    expect((await studioTables(t.db)).text).toBe(before.text);
    expect(await mailsAbout(game.id)).toEqual([]);
  });

  it('PENDING with a flow that cannot work: 422 naming the question (a flag no rule sets), the draft kept as it is', async () => {
    const base = gameContent();
    const [first, second, third] = base.questions;
    const content: GameContent = { ...base, questions: [first!, { ...second!, when: { flag: 'lantern' } }, third!] };
    const { owner, game } = await gameOfNewCreator('DRAFT', content);
    const before = await studioTables(t.db);
    const res = await setStatus(game.id, { status: 'PENDING' }, owner.token);
    expect(res.statusCode).toBe(422);
    const { issues } = res.json() as { issues: Array<Record<string, unknown>> };
    expect(issues).toEqual(validateGame(content));
    expect(issues).toContainEqual(expect.objectContaining({ error: 'unset-flag', field: 'questionFlow', question: 2, detail: 'lantern', message: expect.stringMatching(/^Question 2: /) }));
    expect(await studioTables(t.db)).toEqual(before);
  });

  it('PENDING with a valid game: the game is pending, and every admin is emailed once in the admin’s own language with a link to the editor', async () => {
    const { owner, game } = await gameOfNewCreator('DRAFT');
    const res = await setStatus(game.id, { status: 'PENDING', notifyAdmin: true }, owner.token);
    expect(res.statusCode).toBe(200);
    const reply = editorGameReplySchema.parse(res.json()).data;
    expect(reply).toMatchObject({ _id: game.id, status: 'PENDING', version: 1 });
    expect((await storedGame(t.db, game.id)).status).toBe('PENDING');

    const mails = await mailsAbout(game.id);
    expect(mails.map((m) => m.to).sort()).toEqual([englishAdmin.user.email, hebrewAdmin.user.email].sort());
    const link = `${t.config.publicUrl}/game-editor/${game.id}`;
    const hebrew = mails.find((m) => m.to === hebrewAdmin.user.email);
    const english = mails.find((m) => m.to === englishAdmin.user.email);
    // The subject is ours alone: no text a creator typed (the game's name, their own) is in it.
    expect(hebrew).toMatchObject({ language: 'he', subject: 'משחק ממתין לאישור' });
    expect(english).toMatchObject({ language: 'en', subject: 'A game is waiting for approval' });
    for (const mail of [hebrew, english]) {
      expect(mail?.text).toContain(game.content.metadata.name);
      expect(mail?.text).toContain(link);
      expect(mail?.text).toContain('Dana Bar');
      expect(mail?.html).toContain(`href="${link}"`);
    }

    // Sending again is a conflict, and mails no one.
    const again = await setStatus(game.id, { status: 'PENDING' }, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: expect.stringMatching(/already waiting for approval/) });
    expect(await mailsAbout(game.id)).toHaveLength(2);
  });

  it('sent, taken back and sent again within the hour: the admins are emailed once; an hour later, again', async () => {
    const { owner, game } = await gameOfNewCreator('DRAFT');
    for (let round = 0; round < 3; round++) {
      expect((await setStatus(game.id, { status: 'PENDING' }, owner.token)).statusCode).toBe(200);
      expect((await setStatus(game.id, { status: 'DRAFT' }, owner.token)).statusCode).toBe(200);
    }
    expect(await mailsAbout(game.id)).toHaveLength(2);
    await t.db.update(games).set({ approvalMailedAt: new Date(Date.now() - 61 * 60 * 1000) }).where(eq(games.id, game.id));
    expect((await setStatus(game.id, { status: 'PENDING' }, owner.token)).statusCode).toBe(200);
    expect(await mailsAbout(game.id)).toHaveLength(4);
  });

  it('DRAFT takes a pending game back to edit it; a draft cannot go to draft again', async () => {
    const { owner, game } = await gameOfNewCreator('PENDING');
    const res = await setStatus(game.id, { status: 'DRAFT' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('DRAFT');
    expect((await storedGame(t.db, game.id)).status).toBe('DRAFT');
    const again = await setStatus(game.id, { status: 'DRAFT' }, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already a draft/);
  });

  it('an approved game: PENDING is a conflict, DRAFT is the admin’s call (403 for the owner); refusals change nothing', async () => {
    const { owner, game } = await gameOfNewCreator('APPROVED');
    const before = await studioTables(t.db);
    const pending = await setStatus(game.id, { status: 'PENDING' }, owner.token);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/already approved/);
    const draft = await setStatus(game.id, { status: 'DRAFT' }, owner.token);
    expect(draft.statusCode).toBe(403);
    expect(draft.json()).toEqual({ code: 'forbidden', message: expect.stringMatching(/only an admin/) });
    expect((await studioTables(t.db)).text).toBe(before.text);

    const byAdmin = await setStatus(game.id, { status: 'DRAFT' }, englishAdmin.token);
    expect(byAdmin.statusCode).toBe(200);
    expect((await storedGame(t.db, game.id)).status).toBe('DRAFT');
  });

  it('an admin may send anyone’s draft to approval', async () => {
    const { game } = await gameOfNewCreator('DRAFT');
    const res = await setStatus(game.id, { status: 'PENDING' }, hebrewAdmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'PENDING', userId: game.userId });
  });

  it('another creator gets 404, anonymous 401, a bad body 400; nothing changes', async () => {
    const { owner, game } = await gameOfNewCreator('DRAFT');
    const stranger = await userWithToken(t);
    const before = await studioTables(t.db);
    const refused = [
      [await setStatus(game.id, { status: 'PENDING' }, stranger.token), 404],
      [await setStatus(game.id, { status: 'PENDING' }), 401],
      [await setStatus(game.id, { status: 'APPROVED' }, owner.token), 400],
      [await setStatus(game.id, { status: 'PENDING', extra: true }, owner.token), 400],
      [await setStatus(game.id, { status: 'PENDING', notifyAdmin: 'yes' }, owner.token), 400],
    ] as const;
    expect(refused.map(([res]) => res.statusCode)).toEqual(refused.map(([, status]) => status));
    expect(refused[2][0].json().message).toContain('status');
    expect((await studioTables(t.db)).text).toBe(before.text);
    expect(await mailsAbout(game.id)).toEqual([]);
  });
});
