import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payoutsDueReplySchema, type PayoutDueRow } from '@streethunt/shared';
import { payouts } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildPayoutDetails, buildSale, buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

describe.each(testDatabaseKinds())('the admin’s payouts on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let builder: Awaited<ReturnType<typeof buildUser>>;
  let affiliate: Awaited<ReturnType<typeof buildUser>>;
  let adminToken: string;
  let userToken: string;
  let gameId: string;

  /** A sale of the builder's game at `price` agorot, with the affiliate's code or without. */
  const sale = (price: number, paidAt: Date, withAffiliate: boolean) =>
    buildSale(t.db, { gameId, amount: price, paidAt, builderId: builder.id, affiliateId: withAffiliate ? affiliate.id : null });

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await buildUser(t.db, { role: 'admin' });
    builder = await buildUser(t.db, { firstName: 'Bina', email: 'bina@example.com' });
    affiliate = await buildUser(t.db, { firstName: 'Avi', email: 'avi@example.com' });
    adminToken = await tokenFor(t.app, admin);
    userToken = await tokenFor(t.app, builder);
    gameId = (await buildGame(t.db, { userId: builder.id })).id;
    await buildPayoutDetails(t.db, builder.id, { accountHolder: 'Bina Builder', bankName: 'Leumi' });
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
    for (const url of ['/api/payouts?month=2026-03', '/api/payouts/entries?month=2026-03']) {
      expect((await getJson(t.app, url, { token: userToken })).statusCode).toBe(403);
    }
    expect((await postJson(t.app, '/api/payouts', { userId: builder.id, period: '2026-03', amount: 100 }, { token: userToken })).statusCode).toBe(403);
  });
});
