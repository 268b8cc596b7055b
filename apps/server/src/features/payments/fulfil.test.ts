import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildPurchase } from '../../test/factories.ts';
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
});
