import { eq } from 'drizzle-orm';
import { PROGRESS_EVENT, WATCH_EVENT, financeReportReplySchema, gameListReplySchema, gameReplySchema, progressSchema, REPORTS_GRANT_HEADER, startTimeReplySchema, trialReplySchema, type Progress } from '@streethunt/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, plays, purchases, trials } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildUser, gameContent, type QuestionInput } from '../../test/factories.ts';
import { connectSocket, getGame, progressCall } from '../../test/player-calls.ts';
import type { Socket as ClientSocket } from 'socket.io-client';
import { nextIp } from '../../test/client-address.ts';
import { call, getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { TRIALS_PER_WINDOW } from '../codes/service.ts';
import { playTables } from '../plays/test-support.ts';
import { buyer, paymentPage, postCardForm, SUCCEEDING_CARD } from '../payments/test-support.ts';

/** The factory's three questions and a fourth: two of four may be free. */
const FOURTH: QuestionInput = {
  id: 'q4',
  content: '<p>What colour is the kiosk?</p>',
  location: { lat: 32.075, lng: 34.775 },
  answer: { kind: 'text', value: 'Green', content: '', contentAfterAnswer: '' },
  hints: [{ id: 'q4h1', content: '<p>Like grass</p>' }],
};
const fourQuestions = (): QuestionInput[] => [...gameContent().questions, FOURTH];
const withMetadata = (metadata: Record<string, unknown>) => ({ metadata: { ...gameContent().metadata, ...metadata }, questions: fourQuestions() });

// Try before you buy (DESIGN.md section 15): a trial code plays a paid game's first free questions.
describe.each(testDatabaseKinds())('trying a paid game before buying it on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let ownerToken: string;
  let paid: string;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await buildUser(t.db);
    ownerToken = await tokenFor(t.app, owner);
    paid = (await buildGame(t.db, { userId: owner.id, content: withMetadata({ name: 'Trial hunt', price: '45', freeQuestions: 2 }) })).id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  let devices = 0;
  const newDevice = () => `device-${kind}-${++devices}-abcdef`;
  const askTrial = (gameId: string, deviceId = newDevice(), options: { ip?: string; token?: string } = {}) => postJson(t.app, '/api/trials', { gameId, deviceId }, options);
  const trialCode = async (gameId = paid, deviceId = newDevice()): Promise<string> => {
    const res = await askTrial(gameId, deviceId);
    expect(res.statusCode, res.body).toBe(200);
    return trialReplySchema.parse(res.json()).data.code;
  };
  const progress = (code: string, action: string, extra: Record<string, unknown> = {}, gameId = paid) => progressCall(t.app, { action, gameId, secretCode: code, ...extra });
  const ok = async (code: string, action: string, extra: Record<string, unknown> = {}): Promise<Progress> => {
    const res = await progress(code, action, extra);
    expect(res.statusCode, res.body).toBe(200);
    return progressSchema.parse(res.json());
  };
  const status = (code: string, questionIndex: number, questionStatus: string, answer?: string) =>
    progress(code, 'set-question-status', { questionIndex, questionStatus, ...(answer !== undefined && { answer }) });
  const start = async (code: string) => {
    const res = await progress(code, 'set-start-time');
    expect(res.statusCode, res.body).toBe(200);
    return startTimeReplySchema.parse(res.json()).gameProgress;
  };
  /** Plays the two free questions: each started and answered right. */
  const playFreeQuestions = async (code: string) => {
    await start(code);
    for (const [index, answer] of [[0, 'Agam'], [1, 'Twenty Two']] as const) {
      expect((await status(code, index, 'STARTED')).statusCode).toBe(200);
      expect((await status(code, index, 'ANSWERED', answer)).statusCode).toBe(200);
    }
  };

  describe('metadata.freeQuestions', () => {
    const save = async (freeQuestions: unknown) => {
      const game = await buildGame(t.db, { userId: owner.id, status: 'DRAFT', approvedAt: null, content: { questions: fourQuestions() } });
      return call(t, 'POST', `/api/games/${game.id}`, { token: ownerToken, body: { ...game.content, metadata: { ...game.content.metadata, freeQuestions }, version: 1 } });
    };

    it.each([
      ['more than half the questions', 3],
      ['a negative number', -1],
      ['not a whole number', 1.5],
    ])('%s: 400 naming the field, nothing saved', async (_name, freeQuestions) => {
      const res = await save(freeQuestions);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('freeQuestions') });
    });

    it('half the questions is saved, and shown on the card and in the game', async () => {
      const res = await save(2);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.metadata.freeQuestions).toBe(2);
      const list = gameListReplySchema.parse((await getJson(t.app, `/api/games?user=${owner.id}`)).json());
      expect(list.data.find((card) => card._id === paid)?.metadata.freeQuestions).toBe(2);
      const publicGame = gameReplySchema.parse((await getGame(t.app, paid)).json());
      expect(publicGame.metadata.freeQuestions).toBe(2);
      expect(publicGame.questions).toBeUndefined();
    });
  });

  describe('POST /api/trials', () => {
    it('issues a code marked as a trial, which starts a play like any code', async () => {
      const code = await trialCode();
      const [row] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
      expect(row).toMatchObject({ gameId: paid, source: 'trial', purchaseId: null });
      const started = await start(code);
      expect(started.startTime).not.toBeNull();
    });

    it.each([
      ['a free game', { price: '0', freeQuestions: 2 }, 409, 'no_trial'],
      ['a game without free questions', { price: '45', freeQuestions: 0 }, 409, 'no_trial'],
      ['a game that never said', { price: '45' }, 409, 'no_trial'],
    ])('%s: refused, nothing issued', async (_name, metadata, statusCode, code) => {
      const game = await buildGame(t.db, { userId: owner.id, content: withMetadata(metadata) });
      const before = await playTables(t.db);
      const res = await askTrial(game.id);
      expect(res.statusCode, res.body).toBe(statusCode);
      expect(res.json()).toMatchObject({ code });
      expect(await playTables(t.db)).toEqual(before);
    });

    it('an unknown or unlisted game: 404, nothing issued', async () => {
      const draft = await buildGame(t.db, { userId: owner.id, status: 'DRAFT', approvedAt: null, content: withMetadata({ freeQuestions: 2 }) });
      const before = await playTables(t.db);
      for (const gameId of [draft.id, 'no-such-game']) {
        const res = await askTrial(gameId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
      expect(await playTables(t.db)).toEqual(before);
    });

    it('one trial per game per phone: the second is 409 trial_used', async () => {
      const device = newDevice();
      await trialCode(paid, device);
      const before = await playTables(t.db);
      const again = await askTrial(paid, device);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'trial_used', message: expect.any(String) });
      expect(await playTables(t.db)).toEqual(before);
    });

    it('one trial per game per account, from any phone', async () => {
      const player = await buildUser(t.db);
      const token = await tokenFor(t.app, player);
      expect((await askTrial(paid, newDevice(), { token })).statusCode).toBe(200);
      const before = await playTables(t.db);
      const fromAnotherPhone = await askTrial(paid, newDevice(), { token });
      expect(fromAnotherPhone.statusCode).toBe(409);
      expect(fromAnotherPhone.json()).toMatchObject({ code: 'trial_used' });
      expect(await playTables(t.db)).toEqual(before);
      const [row] = await t.db.select().from(trials).where(eq(trials.userId, player.id));
      expect(row).toMatchObject({ gameId: paid, boughtAt: null });
    });

    it(`rate limited per client address (an IPv6 client by its /64): ${TRIALS_PER_WINDOW} an hour, then 429`, async () => {
      const prefix = `2001:db8:${kind === 'pglite' ? 'aa' : 'bb'}:1`;
      for (let i = 0; i < TRIALS_PER_WINDOW; i++) expect((await askTrial(paid, newDevice(), { ip: `${prefix}::${i + 1}` })).statusCode).toBe(200);
      const before = await playTables(t.db);
      const limited = await askTrial(paid, newDevice(), { ip: `${prefix}::ffff:1` });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(await playTables(t.db)).toEqual(before);
      // Another address is not held up.
      expect((await askTrial(paid, newDevice(), { ip: nextIp() })).statusCode).toBe(200);
    });

    it('a body without deviceId is 400', async () => {
      const res = await postJson(t.app, '/api/trials', { gameId: paid });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('deviceId') });
    });
  });

  describe('the trial play', () => {
    it('plays the free questions; any change to another is 402 payment_required and changes nothing', async () => {
      const code = await trialCode();
      await playFreeQuestions(code);
      // Hints of a free question are the trial's.
      expect((await progress(code, 'show-question-hint', { questionIndex: 0, hintIndex: 0 })).statusCode).toBe(200);

      const before = await playTables(t.db);
      for (const refused of [
        status(code, 2, 'STARTED'),
        status(code, 2, 'ANSWERED', 'Habima'),
        status(code, 2, 'SOLUTION'),
        status(code, 2, 'SKIPPED'),
        progress(code, 'show-question-hint', { questionIndex: 2, hintIndex: 0 }),
      ]) {
        const res = await refused;
        expect(res.statusCode, res.body).toBe(402);
        expect(res.json()).toMatchObject({ code: 'payment_required', message: expect.any(String) });
      }
      expect(await playTables(t.db)).toEqual(before);
      // Reading goes on; the free questions stay the trial's (a replayed move gets the progress).
      expect((await ok(code, 'get-game-progress')).questions[2]!.status).toBeNull();
      expect((await status(code, 1, 'ANSWERED', 'Twenty Two')).statusCode).toBe(200);
    });

    it('its game reply carries the free questions only: the others are locked, without content, answers or hints', async () => {
      const code = await trialCode();
      const read = async () => {
        const res = await getGame(t.app, paid, { secret: code });
        expect(res.statusCode).toBe(200);
        return { game: gameReplySchema.parse(res.json()), text: res.body };
      };
      // Not started: the flow opens the first question, which is free.
      const first = await read();
      expect(first.game.questionCount).toBe(4);
      expect(first.game.questions?.map((q) => q.locked ?? false)).toEqual([false, true, true, true]);
      expect(first.game.questions?.[0]?.answer.hashes.length).toBeGreaterThan(0);
      await playFreeQuestions(code);
      const { game, text } = await read();
      expect(game.questions?.map((q) => q.locked ?? false)).toEqual([false, false, true, true]);
      for (const locked of game.questions!.slice(2)) {
        expect(locked).toMatchObject({ content: '', hints: [], locked: true, answer: { salt: '', hashes: [], content: '', contentAfterAnswer: '' } });
        expect(locked.location).toBeUndefined();
      }
      for (const secret of ['Which theatre', 'The national theatre', 'Starts with H', 'What colour', 'Like grass']) expect(text).not.toContain(secret);
      expect(text).toContain('What number is the house');
    });

    it('stops 24 hours after it was issued: 410 trial_expired, and the game reads as without a code', async () => {
      const code = await trialCode();
      await t.db.update(gameCodes).set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000) }).where(eq(gameCodes.code, code));
      const before = await playTables(t.db);
      for (const action of ['set-start-time', 'get-game-progress']) {
        const res = await progress(code, action);
        expect(res.statusCode, res.body).toBe(410);
        expect(res.json()).toMatchObject({ code: 'trial_expired' });
      }
      expect(await playTables(t.db)).toEqual(before);
      expect(gameReplySchema.parse((await getGame(t.app, paid, { secret: code })).json()).questions).toBeUndefined();
      const phone = await connectSocket(url, sockets);
      expect(await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: paid, secretCode: code })).toEqual({ ok: false, code: 'trial_expired' });
      const buy = await postJson(t.app, `/api/payment/get-url/${paid}`, buyer({ trialCode: code }));
      expect(buy.statusCode).toBe(410);
      expect(buy.json()).toMatchObject({ code: 'trial_expired' });
    });
  });

  describe('buying from a trial', () => {
    const getUrl = (body: unknown, options: { token?: string } = {}) => postJson(t.app, `/api/payment/get-url/${paid}`, body, options);

    it('the trial play becomes the bought play: same code and play, progress, score and start kept, no limit any more', async () => {
      const code = await trialCode();
      await playFreeQuestions(code);
      await ok(code, 'show-question-hint', { questionIndex: 1, hintIndex: 1 });
      const [playBefore] = await t.db.select().from(plays).innerJoin(gameCodes, eq(gameCodes.id, plays.codeId)).where(eq(gameCodes.code, code));
      const progressBefore = await ok(code, 'get-game-progress');

      const urlReply = await getUrl(buyer({ trialCode: code.toLowerCase() }));
      expect(urlReply.statusCode, urlReply.body).toBe(200);
      const { path, ref } = paymentPage(urlReply);
      // Not paid yet: still a trial.
      expect((await status(code, 2, 'STARTED')).statusCode).toBe(402);
      expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
      const checked = await postJson(t.app, '/api/payment/checkToken', { token: ref });
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().data).toMatchObject({ gameId: paid, secretCode: code });

      const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, ref));
      expect(purchase.status).toBe('paid');
      const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
      expect(codeRow).toMatchObject({ source: 'purchase', purchaseId: purchase.id });
      expect(await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchase.id))).toHaveLength(1);
      const [playAfter] = await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id));
      expect(playAfter.id).toBe(playBefore!.plays.id);
      expect(playAfter.startTime).toEqual(playBefore!.plays.startTime);
      expect(playAfter.states).toEqual(playBefore!.plays.states);

      const progressAfter = await ok(code, 'get-game-progress');
      expect(progressAfter.startTime).toBe(progressBefore.startTime);
      expect(progressAfter.questions).toEqual(progressBefore.questions);
      expect(progressAfter.score).toBe(progressBefore.score);
      // The whole game now, on this phone and every other holding the code.
      expect((await status(code, 2, 'STARTED')).statusCode).toBe(200);
      const game = gameReplySchema.parse((await getGame(t.app, paid, { secret: code })).json());
      expect(game.questions?.some((q) => q.locked)).toBe(false);
      // Once bought, the code is no trial to buy on again.
      const again = await getUrl(buyer({ trialCode: code }));
      expect(again.statusCode).toBe(409);

      // The creator's report: trials are no sales; the funnel counts this one as bought.
      const unlock = await postJson(t.app, '/api/reports/unlock', { password: owner.password }, { token: ownerToken });
      expect(unlock.statusCode, unlock.body).toBe(200);
      const report = await t.app.inject({
        method: 'GET',
        url: '/api/reports',
        headers: { 'x-access-token': ownerToken, [REPORTS_GRANT_HEADER]: unlock.json().data.grant },
        remoteAddress: nextIp(),
      });
      expect(report.statusCode, report.body).toBe(200);
      const data = financeReportReplySchema.parse(report.json()).data;
      const started = (await t.db.select().from(trials).where(eq(trials.gameId, paid))).length;
      expect(data.trialsStarted).toBe(started);
      expect(data.trialsBought).toBe(1);
      expect(data.builderSales.filter((row) => row.gameId === paid).reduce((sum, row) => sum + row.count, 0)).toBe(1);
    });

    it('the team’s other phones watching the trial play hear that it was bought', async () => {
      const code = await trialCode();
      await playFreeQuestions(code);
      const phone = await connectSocket(url, sockets);
      expect((await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: paid, secretCode: code })).ok).toBe(true);
      const heard: Progress[] = [];
      phone.on(PROGRESS_EVENT, (p: Progress) => heard.push(p));
      const { path } = paymentPage(await getUrl(buyer({ trialCode: code })));
      expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
      const until = Date.now() + 2000;
      while (heard.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard[0]).toMatchObject({ game_id: paid, game_secret: code });
      expect(heard[0]?.questions.map((q) => q.status)).toEqual(['ANSWERED', 'ANSWERED', null, null]);
    });

    it('bought from a trial, it may be cancelled while no paid question was begun (the free ones were played), not once one was', async () => {
      const buyOnTrial = async () => {
        const code = await trialCode();
        await playFreeQuestions(code);
        const { path, ref } = paymentPage(await getUrl(buyer({ trialCode: code })));
        expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
        const checked = await postJson(t.app, '/api/payment/checkToken', { token: ref });
        expect(checked.statusCode, checked.body).toBe(200);
        return { code, ref, data: checked.json().data as { purchaseId: string; cancellable: boolean } };
      };

      const first = await buyOnTrial();
      expect(first.data.cancellable).toBe(true);
      const cancelled = await postJson(t.app, `/api/purchases/${first.data.purchaseId}/cancel`, { token: first.ref });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'refunded', refundAmount: 4500 });
      // Its code stops, trial play and all.
      expect((await progress(first.code, 'get-game-progress')).statusCode).toBe(410);

      const second = await buyOnTrial();
      expect((await status(second.code, 2, 'STARTED')).statusCode).toBe(200);
      const again = await postJson(t.app, '/api/payment/checkToken', { token: second.ref });
      expect(again.json().data.cancellable).toBe(false);
      const refused = await postJson(t.app, `/api/purchases/${second.data.purchaseId}/cancel`, { token: second.ref });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('code_used');
      const [purchase] = await t.db.select().from(purchases).where(eq(purchases.id, second.data.purchaseId));
      expect(purchase?.status).toBe('paid');
      expect((await status(second.code, 2, 'ANSWERED', 'Bialik')).statusCode).not.toBe(410);
    });

    it('a purchase without trialCode starts fresh, as before', async () => {
      const code = await trialCode();
      const urlReply = await getUrl(buyer());
      const { path, ref } = paymentPage(urlReply);
      expect((await postCardForm(t.app, path, SUCCEEDING_CARD)).statusCode).toBe(303);
      const bought = (await postJson(t.app, '/api/payment/checkToken', { token: ref })).json().data.secretCode;
      expect(bought).not.toBe(code);
      expect((await t.db.select().from(gameCodes).where(eq(gameCodes.code, code)))[0]?.source).toBe('trial');
    });

    it('refused at get-url, nothing recorded: a code that is no trial of this game, another account’s trial', async () => {
      const other = await buildGame(t.db, { userId: owner.id, content: withMetadata({ freeQuestions: 1 }) });
      const otherTrial = await trialCode(other.id);
      const { code: adminCode } = await buildCode(t.db, { gameId: paid });
      const before = await t.db.select().from(purchases);
      for (const trialCode of [otherTrial, adminCode, 'NOSUCHCODE']) {
        const res = await getUrl(buyer({ trialCode }));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('trialCode') });
      }
      const player = await buildUser(t.db);
      const mine = trialReplySchema.parse((await askTrial(paid, newDevice(), { token: await tokenFor(t.app, player) })).json()).data.code;
      const stranger = await buildUser(t.db);
      const res = await getUrl(buyer({ trialCode: mine }), { token: await tokenFor(t.app, stranger) });
      expect(res.statusCode).toBe(403);
      expect(await t.db.select().from(purchases)).toEqual(before);
    });

    it('an event is bought on its own: trialCode is refused there', async () => {
      const code = await trialCode();
      const starts = new Date(Date.now() + 86_400_000);
      const res = await postJson(
        t.app,
        '/api/events/purchase',
        { gameId: paid, name: 'Class trip', startsAt: starts.toISOString(), endsAt: new Date(starts.getTime() + 7_200_000).toISOString(), teamCount: 2, trialCode: code },
        { token: ownerToken },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringContaining('trialCode') });
    });
  });
});
