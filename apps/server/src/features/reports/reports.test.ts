import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORTS_GRANT_HEADER, financeReportReplySchema, type FinanceReport } from '@streethunt/shared';
import { payouts, purchases, users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildSale, buildUser, gameContent } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

describe.each(testDatabaseKinds())('the finance reports on %s', (kind) => {
  let t: TestApp;
  let builder: Awaited<ReturnType<typeof buildUser>>;
  let affiliate: Awaited<ReturnType<typeof buildUser>>;
  let stranger: Awaited<ReturnType<typeof buildUser>>;
  const token: Record<string, string> = {};
  let gameA: string;
  let gameB: string;

  /** A sale of `gameId` at `price` agorot by the builder, paid at `paidAt`, with the affiliate's code or without. */
  const sale = (gameId: string, price: number, paidAt: string, withAffiliate: boolean, status: 'paid' | 'refunded' = 'paid') =>
    buildSale(t.db, { gameId, amount: price, status, paidAt: new Date(paidAt), builderId: builder.id, affiliateId: withAffiliate ? affiliate.id : null });

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    builder = await buildUser(t.db);
    affiliate = await buildUser(t.db);
    stranger = await buildUser(t.db);
    for (const [name, user] of Object.entries({ builder, affiliate, stranger })) token[name] = await tokenFor(t.app, user);
    gameA = (await buildGame(t.db, { userId: builder.id, content: { metadata: { ...gameContent().metadata, name: 'Jaffa Hunt', price: '118' } } })).id;
    gameB = (await buildGame(t.db, { userId: builder.id, content: { metadata: { ...gameContent().metadata, name: 'סודות נווה צדק', price: '188.80' } } })).id;
    // March 2026 in Israel: two sales of A (one with the affiliate's code), one of B; the last one at
    // 01:30 on April 1st Israel time (22:30Z on March 31st) is April's.
    await sale(gameA, 11800, '2026-03-05T10:00:00Z', false);
    await sale(gameA, 11800, '2026-03-20T10:00:00Z', true);
    await sale(gameB, 18880, '2026-03-31T22:30:00Z', true);
    // A refunded sale earns nobody anything.
    await sale(gameB, 18880, '2026-03-10T10:00:00Z', true, 'refunded');
  });
  afterAll(() => t.close());

  const unlock = (who: string, password: string, ip = nextIp()) => postJson(t.app, '/api/reports/unlock', { password }, { token: token[who], ip });
  /** Grants by user, kept as the page keeps them: unlocking is limited to 5 a minute per user. */
  const grants = new Map<string, string>();
  async function grantOf(who: string, password: string, fresh = false): Promise<string> {
    const kept = grants.get(who);
    if (kept && !fresh) return kept;
    const res = await unlock(who, password);
    expect(res.statusCode, res.body).toBe(200);
    const { grant } = (res.json() as { data: { grant: string } }).data;
    grants.set(who, grant);
    return grant;
  }
  const report = (who: string, grant: string | null, query = '?from=2026-02&to=2026-05') =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports${query}`,
      headers: { 'x-access-token': token[who], ...(grant && { [REPORTS_GRANT_HEADER]: grant }) },
      remoteAddress: nextIp(),
    });
  async function reportOf(who: string, password: string): Promise<FinanceReport> {
    const res = await report(who, await grantOf(who, password));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return financeReportReplySchema.parse(res.json()).data;
  }

  it('opens only with the password: a wrong one is 403 and, after 5 tries a minute, 429', async () => {
    const wrong = await unlock('builder', 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'wrong_credentials' });
    // The limit is per user: a new address does not reset it.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await unlock('stranger', 'nope')).statusCode);
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    expect((await unlock('stranger', stranger.password)).statusCode).toBe(429);
    // Without the session, nothing.
    expect((await postJson(t.app, '/api/reports/unlock', { password: builder.password })).statusCode).toBe(401);
  });

  it('refuses the report without a grant, with another user’s grant, or with the session token as a grant', async () => {
    expect((await report('builder', null)).json()).toMatchObject({ code: 'invalid_token' });
    const affiliatesGrant = await grantOf('affiliate', affiliate.password);
    const res = await report('builder', affiliatesGrant);
    expect(res.statusCode).toBe(403);
    expect((await report('builder', token.builder)).statusCode).toBe(403);
  });

  it('shows the builder their sales per game and month, with VAT, commission, affiliate shares and net', async () => {
    const r = await reportOf('builder', builder.password);
    const march = r.builderSales.filter((row) => row.month === '2026-03');
    expect(march).toEqual([
      { month: '2026-03', gameId: gameA, gameName: 'Jaffa Hunt', count: 2, gross: 23600, vat: 3600, commission: 6000, affiliateShares: 1000, net: 13000 },
    ]);
    expect(r.builderSales.filter((row) => row.month === '2026-04')).toEqual([
      { month: '2026-04', gameId: gameB, gameName: 'סודות נווה צדק', count: 1, gross: 18880, vat: 2880, commission: 4000, affiliateShares: 1600, net: 10400 },
    ]);
    // March: 70 + 60 = 130 ILS, paid at the end of April; April: 104 ILS.
    const [feb, mar, apr, may] = r.statement;
    expect(feb).toMatchObject({ month: '2026-02', earned: 0, due: 0 });
    expect(mar).toMatchObject({ month: '2026-03', earned: 13000, due: 13000, payable: 13000, rolledOver: 0, dueDate: '2026-04-30' });
    expect(apr).toMatchObject({ month: '2026-04', carriedIn: 13000, earned: 10400, due: 23400, balance: 23400 });
    expect(may.month).toBe('2026-05');
    expect(r.affiliateSales).toEqual([]);
  });

  it('shows the affiliate each purchase that came with their code and their share; under 100 ILS it rolls over', async () => {
    const r = await reportOf('affiliate', affiliate.password);
    expect(r.builderSales).toEqual([]);
    expect(r.affiliateSales.map(({ month, gameName, price, exVat, share }) => ({ month, gameName, price, exVat, share }))).toEqual([
      { month: '2026-03', gameName: 'Jaffa Hunt', price: 11800, exVat: 10000, share: 1000 },
      { month: '2026-04', gameName: 'סודות נווה צדק', price: 18880, exVat: 16000, share: 1600 },
    ]);
    const mar = r.statement.find((row) => row.month === '2026-03');
    const apr = r.statement.find((row) => row.month === '2026-04');
    expect(mar).toMatchObject({ earned: 1000, payable: 0, rolledOver: 1000, balance: 1000 });
    expect(apr).toMatchObject({ carriedIn: 1000, earned: 1600, due: 2600, rolledOver: 2600 });
    // No buyer's details reach the affiliate.
    expect(JSON.stringify(r)).not.toMatch(/Maya|buyer-|052-/);
  });

  it('never shows a user another user’s figures', async () => {
    // The stranger used up their tries above: another user who has earned nothing.
    const other = await buildUser(t.db);
    token.other = await tokenFor(t.app, other);
    const r = await reportOf('other', other.password);
    expect(r.builderSales).toEqual([]);
    expect(r.affiliateSales).toEqual([]);
    expect(r.statement.every((row) => row.earned === 0 && row.balance === 0)).toBe(true);
  });

  it('takes recorded payouts off the balance', async () => {
    const admin = await buildUser(t.db, { role: 'admin' });
    await t.db.insert(payouts).values({ userId: builder.id, period: '2026-03', amount: 13000, reference: 'TR-1', recordedBy: admin.id });
    const r = await reportOf('builder', builder.password);
    expect(r.statement.find((row) => row.month === '2026-03')).toMatchObject({ payable: 13000, paid: 13000, balance: 0 });
    expect(r.statement.find((row) => row.month === '2026-04')).toMatchObject({ carriedIn: 0, due: 10400 });
  });

  it('ends the grant when the password changes', async () => {
    const grant = await grantOf('affiliate', affiliate.password, true);
    expect((await report('affiliate', grant)).statusCode).toBe(200);
    const [{ tokenVersion }] = await t.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, affiliate.id));
    await t.db.update(users).set({ tokenVersion: tokenVersion + 1 }).where(eq(users.id, affiliate.id));
    // The session ends too, so sign a token of the new version to see the grant itself refused.
    token.affiliate = await tokenFor(t.app, affiliate, tokenVersion + 1);
    expect((await report('affiliate', grant)).json()).toMatchObject({ code: 'invalid_token' });
  });

  it.each([
    ['a month that is not one', '?from=2026-13'],
    ['from after to', '?from=2026-05&to=2026-01'],
    ['more than 60 months', '?from=2020-01&to=2026-01'],
    ['text', '?to=last-month'],
    // Months are 2000-01 to 2999-12: 9999-12's range ran into '10000-01', no month, and answered 500.
    ['a last month of 9999-12', '?to=9999-12'],
    ['months before 2000', '?from=0001-01&to=0001-12'],
  ])('refuses %s with 400', async (_what, query) => {
    const grant = await grantOf('builder', builder.password);
    const res = await report('builder', grant, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('changes nothing', async () => {
    const before = await t.db.select().from(purchases);
    await reportOf('builder', builder.password);
    expect(await t.db.select().from(purchases)).toEqual(before);
  });
});
