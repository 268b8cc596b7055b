import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminPurchasesReplySchema } from '@streethunt/shared';
import { gameCodes, purchases, refunds } from '../../db/schema.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildSale, buildUser } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

const DAY = 24 * 3600_000;

describe.each(testDatabaseKinds())('the admin’s refunds on %s', (kind) => {
  let t: TestApp;
  let adminId: string;
  let adminToken: string;
  let userToken: string;
  /** The game bought, its builder, and the affiliate whose code some buyers came with. */
  let game: { id: string; builderId: string; affiliateId: string };

  /** A purchase of the game by `email` (in English), paid at `paidAt`, and its code. */
  async function sale(price: number, paidAt: Date, withAffiliate: boolean, email = `buyer-${Math.random().toString(36).slice(2)}@example.com`) {
    const purchase = await buildSale(t.db, { gameId: game.id, amount: price, email, language: 'en', paidAt, builderId: game.builderId, affiliateId: withAffiliate ? game.affiliateId : null });
    const code = await buildCode(t.db, { gameId: game.id, source: 'purchase', purchaseId: purchase.id });
    return { purchase, code };
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const admin = await buildUser(t.db, { role: 'admin' });
    const builder = await buildUser(t.db);
    adminId = admin.id;
    adminToken = await tokenFor(t.app, admin);
    userToken = await tokenFor(t.app, builder);
    game = { id: (await buildGame(t.db, { userId: builder.id })).id, builderId: builder.id, affiliateId: (await buildUser(t.db)).id };
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    expect((await getJson(t.app, '/api/purchases', { token: userToken })).statusCode).toBe(403);
  });

  it('refunds an unused purchase within 14 days: keeps max(10 ILS, 5%), the code stops, the buyer is emailed, the reports follow', async () => {
    const { purchase, code } = await sale(4500, new Date(Date.now() - 3 * DAY), true, 'refund-me@example.com');
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, '/api/purchases?q=refund-me', { token: adminToken })).json()).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: purchase.id, code: code.code, codeActivated: false, refund: { ok: true, refund: 3500, kept: 1000 } });
    expect(listed[0].providerRefund).toBeUndefined();
    // Found by its code too.
    expect(adminPurchasesReplySchema.parse((await getJson(t.app, `/api/purchases?q=${code.code}`, { token: adminToken })).json()).data[0]._id).toBe(purchase.id);

    const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { status: 'refunded', refundAmount: 3500, refund: { ok: false, reason: 'not_paid' }, providerRefund: { status: 'done', kind: 'admin', amount: 3500, attempts: 1 } },
    });
    // The money went back through the provider (the sandbox records it), once, under the refund's own id.
    const [refundRow] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    expect(refundRow).toMatchObject({ kind: 'admin', amount: 3500, currency: 'ILS', provider: 'sandbox', status: 'done', requestedBy: adminId, doneAt: expect.any(Date) });
    const sandbox = t.app.services.payments as SandboxProvider;
    expect(sandbox.refunds.filter((r) => r.purchaseId === purchase.id)).toEqual([
      { refundId: refundRow.id, purchaseId: purchase.id, providerRef: purchase.providerRef, amount: 3500, currency: 'ILS', refundRef: refundRow.providerRef },
    ]);
    const relisted = adminPurchasesReplySchema.parse((await getJson(t.app, '/api/purchases?q=refund-me', { token: adminToken })).json()).data;
    expect(relisted[0].providerRefund).toEqual({ status: 'done', kind: 'admin', amount: 3500, attempts: 1, providerRef: refundRow.providerRef });
    const [stored] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(stored).toMatchObject({ status: 'refunded', refundAmount: 3500, refundedBy: adminId });
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id));
    expect(codeRow.disabledAt).toBeInstanceOf(Date);
    // The code no longer opens the game, and says why.
    const start = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code.code });
    expect(start.statusCode).toBe(410);
    expect(start.json().code).toBe('code_refunded');
    const mails = (await t.readOutbox()).filter((mail) => mail.to === 'refund-me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('₪35');
    expect(mails[0].text).toContain(code.code);
    // A second refund: 409, nothing changes, nothing more goes back.
    const again = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { token: adminToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_refunded');
    expect(sandbox.refunds.filter((r) => r.purchaseId === purchase.id)).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.purchaseId, purchase.id))).toHaveLength(1);
  });

  it('a code that read the game’s questions (GET /api/games/{id} with x-game-secret) is used: no refund, though no play started', async () => {
    const { purchase, code } = await sale(4500, new Date(Date.now() - DAY), false, 'read-all@example.com');
    const read = await getGame(t.app, game.id, { secret: code.code });
    expect(read.statusCode).toBe(200);
    expect(read.json().questions.length).toBeGreaterThan(0);
    // Reading again leaves the first time as it was.
    const [opened] = await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id));
    expect(opened).toMatchObject({ openedAt: expect.any(Date), activatedAt: null });
    await getGame(t.app, game.id, { secret: code.code });
    expect((await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id)))[0].openedAt).toEqual(opened.openedAt);
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, '/api/purchases?q=read-all', { token: adminToken })).json()).data;
    expect(listed[0]).toMatchObject({ _id: purchase.id, codeActivated: true, refund: { ok: false, reason: 'code_used' } });
    const before = JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes)]);
    const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { token: adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/used/);
    expect(JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes)])).toBe(before);
  });

  it('refuses a used code, a purchase older than 14 days, and an unknown one, and changes nothing', async () => {
    const used = await sale(4500, new Date(Date.now() - DAY), false);
    await t.db.update(gameCodes).set({ activatedAt: new Date() }).where(eq(gameCodes.id, used.code.id));
    const old = await sale(4500, new Date(Date.now() - 15 * DAY), false);
    const before = JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes), await t.db.select().from(refunds)]);
    const usedRes = await postJson(t.app, `/api/purchases/${used.purchase.id}/refund`, {}, { token: adminToken });
    expect(usedRes.statusCode).toBe(409);
    expect(usedRes.json().message).toMatch(/used/);
    const oldRes = await postJson(t.app, `/api/purchases/${old.purchase.id}/refund`, {}, { token: adminToken });
    expect(oldRes.statusCode).toBe(409);
    expect(oldRes.json().message).toMatch(/14 days/);
    expect((await postJson(t.app, '/api/purchases/ffffffffffffffffffffffff/refund', {}, { token: adminToken })).statusCode).toBe(404);
    expect((await postJson(t.app, `/api/purchases/${used.purchase.id}/refund`, {}, { token: userToken })).statusCode).toBe(403);
    expect(JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes), await t.db.select().from(refunds)])).toBe(before);
  });
});
