import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminPurchasesReplySchema, payoutsDueReplySchema, splitSale, type PayoutDueRow } from '@streethunt/shared';
import { gameCodes, payoutDetails, payouts, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildPurchase, buildUser } from '../../test/factories.ts';
import { getJson, nextIp, postJson, sentMail } from '../account/test-support.ts';
import { progressCall } from '../plays/test-support.ts';

const VAT = 18;
const DAY = 24 * 3600_000;

describe.each(testDatabaseKinds())('the admin’s payouts and refunds on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let builder: Awaited<ReturnType<typeof buildUser>>;
  let affiliate: Awaited<ReturnType<typeof buildUser>>;
  let adminToken: string;
  let userToken: string;
  let gameId: string;

  async function sale(price: number, paidAt: Date, withAffiliate: boolean, email = `buyer-${Math.random().toString(36).slice(2)}@example.com`) {
    const split = splitSale({ price, vatPercent: VAT, withAffiliate });
    const purchase = await buildPurchase(t.db, {
      gameId,
      amount: price,
      email,
      fullName: 'Maya Cohen',
      language: 'en',
      paidAt,
      builderId: builder.id,
      affiliateId: withAffiliate ? affiliate.id : null,
      vatPercent: VAT,
      vat: split.vat,
      commission: split.commission,
      affiliateShare: split.affiliateShare,
      builderShare: split.builderShare,
    });
    const code = await buildCode(t.db, { gameId, source: 'purchase', purchaseId: purchase.id });
    return { purchase, code };
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await buildUser(t.db, { role: 'admin' });
    builder = await buildUser(t.db, { firstName: 'Bina', email: 'bina@example.com' });
    affiliate = await buildUser(t.db, { firstName: 'Avi', email: 'avi@example.com' });
    adminToken = await t.app.services.signer.sign({ userId: admin.id, role: 'admin' });
    userToken = await t.app.services.signer.sign({ userId: builder.id, role: 'user' });
    gameId = (await buildGame(t.db, { userId: builder.id })).id;
    await t.db.insert(payoutDetails).values({
      userId: builder.id,
      accountHolder: 'Bina Builder',
      idNumber: '123456782',
      bankName: 'Leumi',
      bankNumber: '10',
      branchNumber: '800',
      accountNumber: '12345678',
    });
    // March 2026: 118 + 118 with the affiliate's code: the builder earns 70 + 60, the affiliate 10.
    await sale(11800, new Date('2026-03-05T10:00:00Z'), false);
    await sale(11800, new Date('2026-03-20T10:00:00Z'), true);
  });
  afterAll(() => t.close());

  const due = async (month: string) => {
    const res = await getJson(t.app, `/api/payouts?month=${month}`, { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return payoutsDueReplySchema.parse(res.json()).data;
  };
  const lineOf = (rows: PayoutDueRow[], userId: string) => rows.find((row) => row.userId === userId);

  it('lists the month’s payouts: the builder’s is payable with the bank details, the affiliate’s rolls over', async () => {
    const march = await due('2026-03');
    expect(march).toMatchObject({ month: '2026-03', dueDate: '2026-04-30', payoutMinimum: 10000 });
    expect(lineOf(march.rows, builder.id)).toMatchObject({
      email: 'bina@example.com',
      builderEarned: 13000,
      affiliateEarned: 0,
      due: 13000,
      payable: 13000,
      paid: 0,
      balance: 13000,
      bank: { accountHolder: 'Bina Builder', bankNumber: '10', branchNumber: '800', accountNumber: '12345678' },
    });
    expect(lineOf(march.rows, affiliate.id)).toMatchObject({ affiliateEarned: 1000, due: 1000, payable: 0, rolledOver: 1000, bank: null });
    expect(march.rows.map((row) => row.userId).sort()).toEqual([builder.id, affiliate.id].sort());
    // April: nothing earned; the builder's unpaid March is still owed, the affiliate's 10 still rolls over.
    const april = await due('2026-04');
    expect(lineOf(april.rows, builder.id)).toMatchObject({ carriedIn: 13000, builderEarned: 0, due: 13000, payable: 13000 });
    expect(lineOf(april.rows, affiliate.id)).toMatchObject({ carriedIn: 1000, rolledOver: 1000 });
  });

  it('records a payout once, never changed; a correction names it and is owed again', async () => {
    const paid = await postJson(t.app, '/api/payouts', { userId: builder.id, period: '2026-03', amount: 13000, reference: 'TR-77' }, { token: adminToken });
    expect(paid.statusCode, paid.body).toBe(200);
    const entry = (paid.json() as { data: { _id: string; kind: string; recordedBy: { _id: string } } }).data;
    expect(entry).toMatchObject({ kind: 'payout', recordedBy: { _id: admin.id } });
    expect(lineOf((await due('2026-03')).rows, builder.id)).toMatchObject({ paid: 13000, balance: 0 });

    // The database itself refuses to change or delete it.
    await expect(t.db.update(payouts).set({ amount: 1 }).where(eq(payouts.id, entry._id))).rejects.toThrow();
    await expect(t.db.delete(payouts).where(eq(payouts.id, entry._id))).rejects.toThrow();

    // A negative amount is only a correction, of the same user and month.
    expect((await postJson(t.app, '/api/payouts', { userId: builder.id, period: '2026-03', amount: -3000 }, { token: adminToken })).statusCode).toBe(400);
    expect(
      (await postJson(t.app, '/api/payouts', { userId: affiliate.id, period: '2026-03', amount: -3000, correctsId: entry._id }, { token: adminToken })).statusCode,
    ).toBe(400);
    const corrected = await postJson(t.app, '/api/payouts', { userId: builder.id, period: '2026-03', amount: -3000, correctsId: entry._id, note: 'The bank returned 30 ILS of the transfer' }, { token: adminToken });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ data: { kind: 'correction', correctsId: entry._id, amount: -3000 } });
    expect(lineOf((await due('2026-03')).rows, builder.id)).toMatchObject({ paid: 10000, balance: 3000 });
    const ledger = await getJson(t.app, '/api/payouts/entries?month=2026-03', { token: adminToken });
    expect((ledger.json() as { data: { amount: number }[] }).data.map((e) => e.amount)).toEqual([13000, -3000]);
  });

  it.each([
    ['an amount of 0', { period: '2026-03', amount: 0 }],
    ['a fraction of an agora', { period: '2026-03', amount: 10.5 }],
    ['a month that is not one', { period: '2026-13', amount: 100 }],
    ['an unknown field', { period: '2026-03', amount: 100, paidAt: 'now' }],
  ])('refuses %s with 400 and records nothing', async (_what, body) => {
    const before = await t.db.select().from(payouts);
    const res = await postJson(t.app, '/api/payouts', { userId: builder.id, ...body }, { token: adminToken });
    expect(res.statusCode, res.body).toBe(400);
    expect(await t.db.select().from(payouts)).toEqual(before);
  });

  it('refuses a month whose next month is no month (found by the route fuzzer: 9999-12 answered 500)', async () => {
    for (const url of ['/api/payouts?month=9999-12', '/api/payouts/entries?month=9999-12', '/api/payouts?month=0000-01']) {
      const res = await getJson(t.app, url, { token: adminToken });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 'validation' });
    }
    const before = await t.db.select().from(payouts);
    const res = await postJson(t.app, '/api/payouts', { userId: builder.id, period: '9999-12', amount: 100 }, { token: adminToken });
    expect(res.statusCode, res.body).toBe(400);
    expect(await t.db.select().from(payouts)).toEqual(before);
  });

  it('is for admins only', async () => {
    for (const [method, url] of [['GET', '/api/payouts?month=2026-03'], ['GET', '/api/purchases'], ['GET', '/api/payouts/entries?month=2026-03']]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { 'x-access-token': userToken }, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(403);
    }
    expect((await postJson(t.app, '/api/payouts', { userId: builder.id, period: '2026-03', amount: 100 }, { token: userToken })).statusCode).toBe(403);
  });

  it('refunds an unused purchase within 14 days: keeps max(10 ILS, 5%), the code stops, the buyer is emailed, the reports follow', async () => {
    const { purchase, code } = await sale(4500, new Date(Date.now() - 3 * DAY), true, 'refund-me@example.com');
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, '/api/purchases?q=refund-me', { token: adminToken })).json()).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: purchase.id, code: code.code, codeActivated: false, refund: { ok: true, refund: 3500, kept: 1000 } });
    // Found by its code too.
    expect(adminPurchasesReplySchema.parse((await getJson(t.app, `/api/purchases?q=${code.code}`, { token: adminToken })).json()).data[0]._id).toBe(purchase.id);

    const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded', refundAmount: 3500, refund: { ok: false, reason: 'not_paid' } } });
    const [stored] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(stored).toMatchObject({ status: 'refunded', refundAmount: 3500, refundedBy: admin.id });
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id));
    expect(codeRow.disabledAt).toBeInstanceOf(Date);
    // The code no longer opens the game.
    const start = await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code.code });
    expect(start.statusCode).toBe(403);
    const mails = (await sentMail(t)).filter((mail) => mail.to === 'refund-me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('₪35');
    expect(mails[0].text).toContain(code.code);
    // A second refund: 409, nothing changes.
    const again = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { token: adminToken });
    expect(again.statusCode).toBe(409);
  });

  it('a code that read the game’s questions (GET /api/games/{id} with x-game-secret) is used: no refund, though no play started', async () => {
    const { purchase, code } = await sale(4500, new Date(Date.now() - DAY), false, 'read-all@example.com');
    const read = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: { 'x-game-secret': code.code }, remoteAddress: nextIp() });
    expect(read.statusCode).toBe(200);
    expect(read.json().questions.length).toBeGreaterThan(0);
    // Reading again leaves the first time as it was.
    const [opened] = await t.db.select().from(gameCodes).where(eq(gameCodes.id, code.id));
    expect(opened).toMatchObject({ openedAt: expect.any(Date), activatedAt: null });
    await t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: { 'x-game-secret': code.code }, remoteAddress: nextIp() });
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
    const before = JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes)]);
    const usedRes = await postJson(t.app, `/api/purchases/${used.purchase.id}/refund`, {}, { token: adminToken });
    expect(usedRes.statusCode).toBe(409);
    expect(usedRes.json().message).toMatch(/used/);
    const oldRes = await postJson(t.app, `/api/purchases/${old.purchase.id}/refund`, {}, { token: adminToken });
    expect(oldRes.statusCode).toBe(409);
    expect(oldRes.json().message).toMatch(/14 days/);
    expect((await postJson(t.app, '/api/purchases/ffffffffffffffffffffffff/refund', {}, { token: adminToken })).statusCode).toBe(404);
    expect((await postJson(t.app, `/api/purchases/${used.purchase.id}/refund`, {}, { token: userToken })).statusCode).toBe(403);
    expect(JSON.stringify([await t.db.select().from(purchases), await t.db.select().from(gameCodes)])).toBe(before);
  });
});
