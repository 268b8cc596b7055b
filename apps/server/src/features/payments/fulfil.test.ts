import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildPurchase, buildUser } from '../../test/factories.ts';
import { fulfilPurchase, type FulfilDeps } from './fulfil.ts';
import { paymentTables } from './test-support.ts';

describe.each(testDatabaseKinds())('fulfilPurchase on %s', (kind) => {
  let t: TestApp;
  let deps: FulfilDeps;
  const logged: { level: string; message: string }[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    deps = {
      db: t.db,
      mailer: t.app.services.mailer,
      config: t.config,
      log: { error: (_o: unknown, message?: string) => void logged.push({ level: 'error', message: message ?? '' }), warn: () => {} } as FulfilDeps['log'],
    };
  });
  afterAll(() => t.close());

  const pending = async (email: string) => buildPurchase(t.db, { gameId: (await buildGame(t.db)).id, status: 'pending', email, amount: 4500 });
  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);

  it('marks a pending purchase paid with its one code, emails it once; repeats, even at once, return the same code', async () => {
    const purchase = await pending('once@example.com');
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilPurchase(deps, purchase.id, { amount: 4500, currency: 'ils' })));
    const codes = await t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchase.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ source: 'purchase', gameId: purchase.gameId });
    for (const result of results) expect(result).toMatchObject({ kind: 'paid', gameId: purchase.gameId, code: codes[0].code });
    expect(results.filter((r) => r.kind === 'paid' && r.first)).toHaveLength(1);
    expect(await mailsTo('once@example.com')).toHaveLength(1);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
  });

  it('refuses another amount or currency, logs it, and leaves everything as it was', async () => {
    const purchase = await pending('mismatch@example.com');
    const before = await paymentTables(t.db);
    expect(await fulfilPurchase(deps, purchase.id, { amount: 4499, currency: 'ILS' })).toEqual({ kind: 'mismatch' });
    expect(await fulfilPurchase(deps, purchase.id, { amount: 4500, currency: 'USD' })).toEqual({ kind: 'mismatch' });
    expect(await paymentTables(t.db)).toEqual(before);
    expect(logged.filter((l) => /does not match/.test(l.message))).toHaveLength(2);
    expect(await mailsTo('mismatch@example.com')).toEqual([]);
  });

  it('a refunded purchase stays refunded; an unknown one is not found', async () => {
    const refunded = await buildPurchase(t.db, { gameId: (await buildGame(t.db)).id, status: 'refunded' });
    const before = await paymentTables(t.db);
    expect(await fulfilPurchase(deps, refunded.id, { amount: 4500, currency: 'ILS' })).toEqual({ kind: 'closed', status: 'refunded' });
    expect(await fulfilPurchase(deps, 'ffffffffffffffffffffffff', { amount: 4500, currency: 'ILS' })).toEqual({ kind: 'not_found' });
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('fixes the sale’s split when it is paid: the game’s owner builds, the code’s user is the affiliate, never the builder', async () => {
    const builder = await buildUser(t.db);
    const affiliate = await buildUser(t.db);
    const game = await buildGame(t.db, { userId: builder.id });
    const paidWith = async (affCode: string | null) => {
      const purchase = await buildPurchase(t.db, { gameId: game.id, status: 'pending', amount: 11800, affCode });
      expect(await fulfilPurchase(deps, purchase.id, { amount: 11800, currency: 'ILS' })).toMatchObject({ kind: 'paid', first: true });
      const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      return {
        builderId: row.builderId,
        affiliateId: row.affiliateId,
        vatPercent: row.vatPercent,
        vat: row.vat,
        commission: row.commission,
        affiliateShare: row.affiliateShare,
        builderShare: row.builderShare,
      };
    };
    // 118 ILS with 18% VAT is the terms' 100 ILS game: the builder gets 70, or 60 and the affiliate 10.
    expect(await paidWith(null)).toEqual({ builderId: builder.id, affiliateId: null, vatPercent: 18, vat: 1800, commission: 3000, affiliateShare: 0, builderShare: 7000 });
    // The code as a visitor's link carries it, any case.
    expect(await paidWith(affiliate.affiliateCode.toLowerCase())).toEqual({
      builderId: builder.id,
      affiliateId: affiliate.id,
      vatPercent: 18,
      vat: 1800,
      commission: 3000,
      affiliateShare: 1000,
      builderShare: 6000,
    });
    // The builder's own code, and a code that is nobody's, earn no affiliate share.
    expect(await paidWith(builder.affiliateCode)).toMatchObject({ affiliateId: null, affiliateShare: 0, builderShare: 7000 });
    expect(await paidWith('NOBODY23')).toMatchObject({ affiliateId: null, affiliateShare: 0, builderShare: 7000 });
  });

  it('a buyer earns no affiliate share of their own purchase: the code of the account with the buyer’s email records no affiliate', async () => {
    const builder = await buildUser(t.db);
    const affiliate = await buildUser(t.db);
    const game = await buildGame(t.db, { userId: builder.id });
    const affiliateOf = async (email: string) => {
      const purchase = await buildPurchase(t.db, { gameId: game.id, status: 'pending', amount: 11800, affCode: affiliate.affiliateCode, email });
      await fulfilPurchase(deps, purchase.id, { amount: 11800, currency: 'ILS' });
      const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      return { affiliateId: row.affiliateId, affiliateShare: row.affiliateShare, builderShare: row.builderShare };
    };
    expect(await affiliateOf(affiliate.email)).toEqual({ affiliateId: null, affiliateShare: 0, builderShare: 7000 });
    // The same address in other letters is the same buyer.
    expect(await affiliateOf(affiliate.email.toUpperCase())).toEqual({ affiliateId: null, affiliateShare: 0, builderShare: 7000 });
    // Anyone else arriving with the code earns the affiliate their share.
    expect(await affiliateOf('someone-else@example.com')).toEqual({ affiliateId: affiliate.id, affiliateShare: 1000, builderShare: 6000 });
  });

  it('nor through another spelling of their own mailbox: a +tag, and for Gmail dots and googlemail.com', async () => {
    const builder = await buildUser(t.db);
    const game = await buildGame(t.db, { userId: builder.id });
    const affiliateOf = async (affiliate: { affiliateCode: string }, email: string) => {
      const purchase = await buildPurchase(t.db, { gameId: game.id, status: 'pending', amount: 11800, affCode: affiliate.affiliateCode, email });
      await fulfilPurchase(deps, purchase.id, { amount: 11800, currency: 'ILS' });
      const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
      return row.affiliateId;
    };
    const tag = randomBytes(3).toString('hex');
    const plain = await buildUser(t.db, { email: `aff-${tag}@example.com` });
    expect(await affiliateOf(plain, `Aff-${tag}+cheap@Example.com`)).toBeNull();
    const gmail = await buildUser(t.db, { email: `dana.levi.${tag}@gmail.com` });
    expect(await affiliateOf(gmail, `danalevi${tag}+x@googlemail.com`)).toBeNull();
    expect(await affiliateOf(gmail, ` D.ana.Levi.${tag}@GMAIL.com`)).toBeNull();
    // Another person at another provider, or a dot that matters outside Gmail, still earns the share.
    expect(await affiliateOf(plain, `aff${tag}@example.com`)).toBe(plain.id);
    expect(await affiliateOf(gmail, `danalevi${tag}@example.com`)).toBe(gmail.id);
  });
});
