import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminPurchasesReplySchema, cancelPurchaseReplySchema, checkTokenReplySchema, ownPurchasesReplySchema } from '@streethunt/shared';
import { events, gameCodes, plays, purchases, refunds } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildEvent, buildGame, buildPlay, buildPurchase, buildSale, buildUser, gameContent } from '../../test/factories.ts';
import { progressCall } from '../../test/player-calls.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { cancelToken, successToken } from '../payments/success-token.ts';
import { buyer, paymentPage, postCardForm, postJson as postWithHeaders, SUCCEEDING_CARD } from '../payments/test-support.ts';

const DAY = 24 * 3600_000;

describe.each(testDatabaseKinds())('the buyer’s cancellation on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let buyerToken: string;
  let otherToken: string;
  let buyerId: string;
  let game: { id: string; builderId: string };
  const sandbox = () => t.app.services.payments as SandboxProvider;

  /** A paid purchase of the game by the signed-in buyer (in English), paid at `paidAt`, and its code. */
  async function sale(paidAt = new Date(Date.now() - DAY), values: { amount?: number; email?: string } = {}) {
    const email = values.email ?? `buyer-${Math.random().toString(36).slice(2)}@example.com`;
    const purchase = await buildSale(t.db, { gameId: game.id, amount: values.amount ?? 4500, email, language: 'en', paidAt, builderId: game.builderId, buyerId });
    const code = await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: purchase.id });
    return { purchase, code };
  }

  const cancel = (purchaseId: string, body: object, token?: string) => postJson(t.app, `/api/purchases/${purchaseId}/cancel`, body, token ? { token } : {});
  /** What a refused cancellation must leave as it was. */
  const tables = async () => JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes), await t.db.select().from(refunds), await t.db.select().from(events)]);

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const admin = await buildUser(t.db, { role: 'admin' });
    const builder = await buildUser(t.db);
    const buyerUser = await buildUser(t.db);
    buyerId = buyerUser.id;
    adminToken = await tokenFor(t.app, admin);
    buyerToken = await tokenFor(t.app, buyerUser);
    otherToken = await tokenFor(t.app, await buildUser(t.db));
    game = { id: (await buildGame(t.db, { userId: builder.id })).id, builderId: builder.id };
  });
  afterAll(() => t.close());

  it('the buyer, signed in, cancels within 14 days an unused purchase: the whole amount back through the provider, the code stops, an email', async () => {
    const { purchase, code } = await sale(new Date(Date.now() - 13 * DAY), { amount: 800, email: 'cancel-me@example.com' });
    const res = await cancel(purchase.id, {}, buyerToken);
    expect(res.statusCode, res.body).toBe(200);
    const reply = cancelPurchaseReplySchema.parse(res.json());
    // 8 ILS: an admin's refund would keep it all as the fee; a cancellation gives it all back.
    expect(reply.data).toEqual({ _id: purchase.id, status: 'refunded', refundAmount: 800, refundedAt: expect.any(String), refundState: 'done' });
    const [stored] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(stored).toMatchObject({ status: 'refunded', refundAmount: 800, refundedBy: buyerId });
    const [refundRow] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    expect(refundRow).toMatchObject({ kind: 'cancellation', amount: 800, status: 'done', requestedBy: buyerId });
    expect(sandbox().refunds.filter((r) => r.purchaseId === purchase.id)).toEqual([expect.objectContaining({ refundId: refundRow.id, amount: 800 })]);
    expect((await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id)))[0].disabledAt).toBeInstanceOf(Date);
    const start = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code.code });
    expect(start.statusCode).toBe(410);
    expect(start.json().code).toBe('code_refunded');
    const mails = (await t.readOutbox()).filter((mail) => mail.to === 'cancel-me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('whole amount, ₪8');
    expect(mails[0].text).not.toContain('kept');
    // The admin sees the refund and its way back.
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, `/api/purchases?q=${purchase.id}`, { token: adminToken })).json()).data;
    expect(listed[0]).toMatchObject({ status: 'refunded', refundAmount: 800, providerRefund: { status: 'done', kind: 'cancellation', amount: 800 } });

    // Twice: 409, nothing changes, nothing more goes back.
    const before = await tables();
    const again = await cancel(purchase.id, {}, buyerToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_refunded', message: expect.any(String) });
    expect(await tables()).toBe(before);
    expect(sandbox().refunds.filter((r) => r.purchaseId === purchase.id)).toHaveLength(1);
  });

  it('a token cancels without a session: the payment page’s token, the sandbox page’s reference, the receipt’s cancel link', async () => {
    const secret = t.config.jwtSecret;
    const bySuccess = await sale();
    const res = await cancel(bySuccess.purchase.id, { token: successToken(secret, bySuccess.purchase.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, bySuccess.purchase.id)))[0]).toMatchObject({ status: 'refunded', refundedBy: null });
    const byRef = await sale();
    expect((await cancel(byRef.purchase.id, { token: byRef.purchase.providerRef })).statusCode).toBe(200);
    const byLink = await sale();
    expect((await cancel(byLink.purchase.id, { token: cancelToken(secret, byLink.purchase.id) })).statusCode).toBe(200);
  });

  it('refuses someone else, a wrong token or none, a code with a question begun, an event whose team started, after 14 days, an unpaid purchase: 4xx, nothing changed', async () => {
    const secret = t.config.jwtSecret;
    const mine = await sale();
    const other = await sale();
    const used = await sale();
    await t.db.update(gameCodes).set({ openedAt: new Date(), activatedAt: new Date() }).where(eq(gameCodes.id, used.code.id));
    await buildPlay(t.db, { gameId: game.id, codeId: used.code.id, questions: [{ status: 'STARTED', hints: [] }] });
    const old = await sale(new Date(Date.now() - 14 * DAY - 60_000));
    const unpaid = await buildPurchase(t.db, { gameId: game.id, status: 'pending', buyerId });
    const eventSale = await buildSale(t.db, { gameId: game.id, amount: 9000, paidAt: new Date(Date.now() - DAY), builderId: game.builderId, buyerId });
    const { teams } = await buildEvent(t.db, { gameId: game.id, organiserId: buyerId, teams: 2, purchaseId: eventSale.id });
    await t.db.update(gameCodes).set({ activatedAt: new Date() }).where(eq(gameCodes.id, teams[1].code.id));
    const before = await tables();

    const refusals: [string, Awaited<ReturnType<typeof cancel>>, number, string][] = [
      ['another user’s session', await cancel(mine.purchase.id, {}, otherToken), 404, 'not_found'],
      ['an admin’s session (the admin refunds instead)', await cancel(mine.purchase.id, {}, adminToken), 404, 'not_found'],
      ['no session, no token', await cancel(mine.purchase.id, {}), 404, 'not_found'],
      ['another purchase’s token', await cancel(mine.purchase.id, { token: cancelToken(secret, other.purchase.id) }), 404, 'not_found'],
      ['a forged token', await cancel(mine.purchase.id, { token: `${mine.purchase.id}.${'A'.repeat(43)}` }), 404, 'not_found'],
      ['another purchase’s sandbox reference', await cancel(mine.purchase.id, { token: other.purchase.providerRef }), 404, 'not_found'],
      ['no such purchase', await cancel('ffffffffffffffffffffffff', {}, buyerToken), 404, 'not_found'],
      ['a code with a question begun', await cancel(used.purchase.id, {}, buyerToken), 409, 'code_used'],
      ['an event one of whose teams started', await cancel(eventSale.id, {}, buyerToken), 409, 'code_used'],
      ['after 14 days', await cancel(old.purchase.id, {}, buyerToken), 409, 'too_late'],
      ['an unpaid purchase', await cancel(unpaid.id, {}, buyerToken), 409, 'not_paid'],
      ['a body with more than the token', await cancel(mine.purchase.id, { token: successToken(secret, mine.purchase.id), amount: 1 }), 400, 'validation'],
    ];
    for (const [what, res, status, code] of refusals) expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
    expect(await tables()).toBe(before);
    expect(sandbox().refunds.filter((r) => [mine, other, used, old].some((s) => s.purchase.id === r.purchaseId))).toEqual([]);
  });

  it('an event bought and unused is cancelled whole: every team’s code stops and the event ends', async () => {
    const eventSale = await buildSale(t.db, { gameId: game.id, amount: 9000, paidAt: new Date(Date.now() - DAY), builderId: game.builderId, buyerId });
    const { event, teams } = await buildEvent(t.db, { gameId: game.id, organiserId: buyerId, teams: 2, purchaseId: eventSale.id });
    const res = await cancel(eventSale.id, {}, buyerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refundAmount: 9000, refundState: 'done' });
    for (const { code } of teams) expect((await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id)))[0].disabledAt).toBeInstanceOf(Date);
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0].endedAt).toBeInstanceOf(Date);
  });

  it('the receipt email links to the cancel page with its token, and the payment page says until when it can be cancelled', async () => {
    const paidGame = await buildGame(t.db, { userId: game.builderId, content: { metadata: { ...gameContent().metadata, name: 'Jaffa Port', price: '45', language: 'en' } } });
    const email = 'receipt-cancel@example.com';
    const started = await postWithHeaders(t.app, `/api/payment/get-url/${paidGame.id}`, buyer({ email }), { headers: { 'accept-language': 'en' } });
    expect(started.statusCode).toBe(200);
    const page = paymentPage(started);
    expect((await postCardForm(t.app, page.path, SUCCEEDING_CARD)).statusCode).toBe(303);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, page.ref));

    const checked = await postJson(t.app, '/api/payment/checkToken', { token: page.ref });
    expect(checked.statusCode).toBe(200);
    const paidAt = purchase.paidAt ?? new Date(0);
    expect(checkTokenReplySchema.parse(checked.json()).data).toMatchObject({
      gameId: paidGame.id,
      purchaseId: purchase.id,
      cancellable: true,
      cancelBefore: new Date(paidAt.getTime() + 14 * DAY).toISOString(),
    });

    const [mail] = (await t.readOutbox()).filter((m) => m.to === email);
    const link = new RegExp(`${t.config.publicUrl}/purchases/${purchase.id}/cancel\\?token=([A-Za-z0-9._-]+)`).exec(mail.text);
    expect(link?.[1]).toBe(cancelToken(t.config.jwtSecret, purchase.id));
    expect(mail.html).toContain(`/purchases/${purchase.id}/cancel?token=`);
    expect(mail.text).toContain('Within 14 days of the purchase');

    // Opening the game with the code (the payment page's way back to it) keeps the right to cancel;
    // a question begun ends it, and the payment page no longer offers it.
    await t.db.update(gameCodes).set({ openedAt: new Date() }).where(eq(gameCodes.purchaseId, purchase.id));
    const checkToken = async () => checkTokenReplySchema.parse((await postJson(t.app, '/api/payment/checkToken', { token: page.ref })).json()).data;
    expect(await checkToken()).toMatchObject({ cancellable: true });
    const [bought] = await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchase.id));
    const play = await buildPlay(t.db, { gameId: game.id, codeId: bought!.id, questions: [{ status: 'STARTED', hints: [] }] });
    expect(await checkToken()).toMatchObject({ cancellable: false });
    await t.db.delete(plays).where(eq(plays.id, play.id));

    const res = await cancel(purchase.id, { token: link?.[1] ?? '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refundAmount: 4500 });
    // The payment page of a cancelled purchase says so, as for any refund.
    expect((await postJson(t.app, '/api/payment/checkToken', { token: page.ref })).statusCode).toBe(409);
  });

  it('the receipt is in Hebrew too, its cancel link the same', async () => {
    const paidGame = await buildGame(t.db, { userId: game.builderId, content: { metadata: { ...gameContent().metadata, name: 'יפו העתיקה', price: '45', language: 'he' } } });
    const email = 'receipt-he@example.com';
    const started = await postWithHeaders(t.app, `/api/payment/get-url/${paidGame.id}`, buyer({ email }), { headers: { 'accept-language': 'he' } });
    const page = paymentPage(started);
    await postCardForm(t.app, page.path, SUCCEEDING_CARD);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, page.ref));
    const [mail] = (await t.readOutbox()).filter((m) => m.to === email);
    expect(mail.language).toBe('he');
    expect(mail.text).toContain('בתוך 14 יום מהרכישה');
    expect(mail.text).toContain(`לביטול הרכישה: ${t.config.publicUrl}/purchases/${purchase.id}/cancel?token=${cancelToken(t.config.jwtSecret, purchase.id)}`);
  });

  it('the account lists the buyer’s own purchases, newest first, each saying whether it may still be cancelled and until when', async () => {
    const fresh = await buildUser(t.db);
    const freshToken = await tokenFor(t.app, fresh);
    const mine = async () => {
      const res = await getJson(t.app, '/api/account/purchases', { token: freshToken });
      expect(res.statusCode, res.body).toBe(200);
      return ownPurchasesReplySchema.parse(res.json()).data;
    };
    expect(await mine()).toEqual([]);
    const old = await buildSale(t.db, { gameId: game.id, amount: 4500, paidAt: new Date(Date.now() - 20 * DAY), builderId: game.builderId, buyerId: fresh.id });
    const recent = await buildSale(t.db, { gameId: game.id, amount: 6000, paidAt: new Date(Date.now() - DAY), builderId: game.builderId, buyerId: fresh.id });
    await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: recent.id, code: 'MINE23456' });
    // Someone else's and an unpaid one are not listed.
    await buildSale(t.db, { gameId: game.id, amount: 4500, paidAt: new Date(), builderId: game.builderId, buyerId });
    await buildPurchase(t.db, { gameId: game.id, status: 'pending', buyerId: fresh.id });

    const listed = await mine();
    expect(listed.map((p) => p._id)).toEqual([recent.id, old.id]);
    expect(listed[0]).toMatchObject({ amount: 6000, status: 'paid', code: 'MINE23456', cancellable: true, refundAmount: null });
    expect(Date.parse(listed[0]!.cancelBefore!)).toBe(recent.paidAt!.getTime() + 14 * DAY);
    expect(listed[1]).toMatchObject({ cancellable: false });

    // Cancelled with the session, it reads refunded and may not be cancelled again.
    expect((await cancel(recent.id, {}, freshToken)).statusCode).toBe(200);
    expect((await mine())[0]).toMatchObject({ status: 'refunded', refundAmount: 6000, cancellable: false });

    // Signed out: 401.
    expect((await getJson(t.app, '/api/account/purchases')).statusCode).toBe(401);
  });
});
