import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { NotificationRefused, type PaymentProvider, type PaymentReport } from '../../platform/payments/provider.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { buyer, paymentTables, postJson, postRaw } from './test-support.ts';

const NOTIFY = '/api/payments/notify/fake';
const SIGNATURE = 'fake-signature';

/**
 * A provider the app has no adapter for, handed to buildApp (AppDeps.payments): its call to us
 * is JSON with a shared-secret header; a `report` in it is taken as signed, a `claim` only names a
 * purchase and must be confirmed with lookUpPayment. It keeps the name of a known provider, since
 * purchases record which one sold them.
 */
function fakeProvider() {
  const paid = new Set<string>();
  const callSchema = z.object({ report: z.object({ purchaseId: z.string(), providerRef: z.string(), amount: z.number() }).optional(), claim: z.string().optional() });
  const reportOf = (purchaseId: string, providerRef: string, amount: number): PaymentReport => ({ paid: true, purchaseId, providerRef, amount, currency: 'ILS' });
  const provider: PaymentProvider = {
    name: 'stripe',
    async createCheckout() {
      const providerRef = `fake_${randomBytes(8).toString('hex')}`;
      return { url: `https://pay.fake.test/${providerRef}`, providerRef };
    },
    async refund() {
      throw new Error('this provider refunds nothing: no test here refunds');
    },
    async lookUpPayment(purchase) {
      return paid.has(purchase.providerRef) ? reportOf(purchase.id, purchase.providerRef, 4500) : { paid: false, status: 'open' };
    },
    notification: {
      method: 'POST',
      path: '/payments/notify/fake',
      sender: 'Fake',
      perMinute: 5,
      summary: 'Fake notification',
      description: 'JSON with a shared-secret header.',
      contentTypes: ['application/json'],
      parse(_contentType, body) {
        try {
          return JSON.parse(body.toString('utf8')) as unknown;
        } catch {
          throw new NotificationRefused('Not JSON');
        }
      },
      headers: z.object({ 'x-fake-signature': z.string() }),
      body: callSchema,
      read({ headers, body }) {
        if (headers['x-fake-signature'] !== SIGNATURE) throw new NotificationRefused('The fake signature does not verify', 'wrong secret');
        const call = callSchema.parse(body);
        if (call.report) return { kind: 'verified', report: reportOf(call.report.purchaseId, call.report.providerRef, call.report.amount) };
        if (call.claim) {
          const ref = call.claim;
          return { kind: 'claimed', purchaseId: ref.split('/')[0], paymentRef: ref, matches: (providerRef) => ref.endsWith(`/${providerRef}`) };
        }
        return { kind: 'ignored' };
      },
    },
  };
  return { provider, pay: (providerRef: string) => paid.add(providerRef) };
}

describe.each(testDatabaseKinds())('a provider handed to the app receives its own calls, on %s', (kind) => {
  const fake = fakeProvider();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, payments: fake.provider });
  });
  afterAll(() => t.close());

  const notify = (body: unknown, signature = SIGNATURE) => postRaw(t.app, NOTIFY, JSON.stringify(body), 'application/json', { headers: { 'x-fake-signature': signature } });
  const codesOf = (purchaseId: string) => t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchaseId));

  async function startPurchase() {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, price: 45 } } });
    const reply = await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer());
    expect(reply.statusCode).toBe(200);
    const providerRef = new URL(reply.json().data.URL).pathname.slice(1);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, providerRef));
    return { purchase, providerRef };
  }

  it('registers its route, public and documented', async () => {
    expect(t.app.routeAccess.find((r) => r.url === NOTIFY)).toEqual({ method: 'POST', url: NOTIFY, access: 'public' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain(NOTIFY);
  });

  it('a signed report fulfils its purchase once; a repeat finds it paid', async () => {
    const { purchase, providerRef } = await startPurchase();
    const report = { purchaseId: purchase.id, providerRef, amount: 4500 };
    expect((await notify({ report })).json()).toEqual({ received: true, outcome: 'paid' });
    expect((await notify({ report })).json()).toEqual({ received: true, outcome: 'already_paid' });
    expect(await codesOf(purchase.id)).toHaveLength(1);
  });

  it('a claim counts only once the provider, asked, says it is paid', async () => {
    const { purchase, providerRef } = await startPurchase();
    const unpaid = await notify({ claim: `${purchase.id}/${providerRef}` });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Fake does not report this payment as paid');
    expect((await notify({ claim: `${purchase.id}/another` })).statusCode).toBe(404);
    fake.pay(providerRef);
    expect((await notify({ claim: `${purchase.id}/${providerRef}` })).json()).toEqual({ received: true, outcome: 'paid' });
    expect(await codesOf(purchase.id)).toHaveLength(1);
  });

  it('a refused call is 400 with the provider’s message and changes nothing', async () => {
    const { purchase, providerRef } = await startPurchase();
    const before = await paymentTables(t.db);
    const forged = await notify({ report: { purchaseId: purchase.id, providerRef, amount: 4500 } }, 'guess');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'validation', message: 'The fake signature does not verify' });
    const garbled = await postRaw(t.app, NOTIFY, '{', 'application/json', { headers: { 'x-fake-signature': SIGNATURE } });
    expect(garbled.json()).toEqual({ code: 'validation', message: 'Not JSON' });
    expect(await paymentTables(t.db)).toEqual(before);
  });
});
