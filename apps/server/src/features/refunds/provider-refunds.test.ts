import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPurchasesReplySchema } from '@streethunt/shared';
import { purchases, refunds } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { FAKE_GROW_PAGE_CODE, FAKE_GROW_USER_ID, startFakeGrow, type FakeGrow } from '../../platform/payments/test-servers/fake-grow.ts';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../../platform/payments/test-servers/fake-stripe.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { getJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { buyer, postJson, postRaw } from '../payments/test-support.ts';
import { MAX_ATTEMPTS, payBack } from './provider-refund.ts';

const WEBHOOK = '/api/payments/webhook/stripe';

describe.each(testDatabaseKinds())('refunds paid back through Stripe on %s', (kind) => {
  let fake: FakeStripe;
  let t: TestApp;
  let adminToken: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      kind,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        // A retry a second later (then two, four...), so the test waits seconds.
        REFUND_RETRY_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      mailQueue: { pollMs: 200 },
      logLines,
    });
    adminToken = await tokenFor(t.app, await buildUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const sendWebhook = (webhook: { body: string; signature: string }) =>
    postRaw(t.app, WEBHOOK, webhook.body, 'application/json; charset=utf-8', { headers: { 'stripe-signature': webhook.signature } });

  /** A purchase paid through Stripe Checkout (its signed webhook), with its session. */
  async function paidPurchase(email: string) {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, price: '49.9' } } });
    const reply = await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer({ email }));
    expect(reply.statusCode).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.url === reply.json().data.URL);
    if (!session) throw new Error('no session');
    expect((await sendWebhook(fake.webhook('checkout.session.completed', fake.pay(session.id)))).json()).toEqual({ received: true, outcome: 'paid' });
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, session.id));
    return { purchase, session };
  }

  const refundOf = async (purchaseId: string) => (await t.db.select().from(refunds).where(eq(refunds.purchaseId, purchaseId)))[0];
  const refundsAtStripe = (paymentIntent: string | null) => [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);

  /** Waits for the job queue to settle the refund (the retry's wait is a second or more), at most 20 s. */
  async function settled(purchaseId: string) {
    for (let i = 0; i < 100; i++) {
      const row = await refundOf(purchaseId);
      if (row?.status !== 'pending') return row;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return refundOf(purchaseId);
  }

  it('a refund Stripe fails stays pending (the admin sees it), the job queue asks again and it is paid back, once', async () => {
    const { purchase, session } = await paidPurchase('retry@example.com');
    // The request's call and the queue's first retry both fail; the second retry goes through.
    fake.failRefunds = 2;
    const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { headers: { 'x-access-token': adminToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refunded', refundAmount: 3990, providerRefund: { status: 'pending', kind: 'admin', amount: 3990, attempts: 1, providerRef: null } });
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, `/api/purchases?q=${purchase.id}`, { token: adminToken })).json()).data;
    expect(listed[0].providerRefund).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refundsAtStripe(session.payment_intent)).toEqual([]);

    const done = await settled(purchase.id);
    expect(done).toMatchObject({ status: 'done', attempts: 3, lastError: null, doneAt: expect.any(Date), providerPaymentRef: session.payment_intent });
    expect(fake.failRefunds).toBe(0);
    const atStripe = refundsAtStripe(session.payment_intent);
    expect(atStripe).toEqual([expect.objectContaining({ amount: 3990, status: 'succeeded', metadata: { refundId: done.id, purchaseId: purchase.id } })]);
    expect(done.providerRef).toBe(atStripe[0].id);
    // Every call carried the refund's own key.
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.slice(-3).map((r) => r.headers['idempotency-key'])).toEqual(Array(3).fill(`refund-${done.id}`));
    // Asked once more (a late job, another process), Stripe's answer for the key is the same refund.
    expect(await payBack({ ...t.app.services, provider: t.app.services.payments, log: t.app.log }, done.id)).toBe('done');
    expect(refundsAtStripe(session.payment_intent)).toHaveLength(1);
    expect(logLines.some((line) => line.includes('the provider did not take a refund'))).toBe(true);
  }, 30_000);

  it('gives up after its last attempt: failed, for the admin to repay from the dashboard', async () => {
    const { purchase } = await paidPurchase('gives-up@example.com');
    fake.failRefunds = 1;
    const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { headers: { 'x-access-token': adminToken } });
    expect(res.json().data.providerRefund).toMatchObject({ status: 'pending' });
    // As if every retry but the last had failed too.
    const row = await refundOf(purchase.id);
    await t.db.update(refunds).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(refunds.id, row.id));
    fake.failRefunds = 1;
    expect(await payBack({ ...t.app.services, provider: t.app.services.payments, log: t.app.log }, row.id)).toBe('failed');
    expect(await refundOf(purchase.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: expect.any(String) });
    const listed = adminPurchasesReplySchema.parse((await getJson(t.app, `/api/purchases?q=${purchase.id}`, { token: adminToken })).json()).data;
    expect(listed[0]).toMatchObject({ status: 'refunded', providerRefund: { status: 'failed', attempts: MAX_ATTEMPTS } });
    // The job finds it failed and stops: nothing more is asked of Stripe.
    const before = fake.requests.length;
    await t.app.services.mailer.settled();
    expect(fake.requests.slice(before).filter((r) => r.path === '/v1/refunds')).toEqual([]);
  });

  it('a refund Stripe takes as pending is sent; its signed refund.updated marks it done; news of a refund we never asked for is refused and logged', async () => {
    const { purchase, session } = await paidPurchase('pending-at-stripe@example.com');
    fake.refundStatus = 'pending';
    try {
      const res = await postJson(t.app, `/api/purchases/${purchase.id}/refund`, {}, { headers: { 'x-access-token': adminToken } });
      expect(res.json().data.providerRefund).toMatchObject({ status: 'sent', attempts: 1, providerRef: expect.stringMatching(/^re_/) });
    } finally {
      fake.refundStatus = 'succeeded';
    }
    const [atStripe] = refundsAtStripe(session.payment_intent);
    const done = await sendWebhook(fake.webhook('refund.updated', { ...atStripe, status: 'succeeded' }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await refundOf(purchase.id)).toMatchObject({ status: 'done', providerRef: atStripe.id, doneAt: expect.any(Date) });
    // Again (Stripe retries): still done.
    expect((await sendWebhook(fake.webhook('charge.refunded', { ...fake.charges.get(atStripe.charge), amount_refunded: 3990, refunded: true }))).json()).toEqual({ received: true, outcome: 'refunded' });

    const before = JSON.stringify(await t.db.select().from(refunds));
    logLines.length = 0;
    const stranger = { ...atStripe, id: 're_not_ours', payment_intent: 'pi_not_ours', metadata: {} };
    const refused = await sendWebhook(fake.webhook('refund.updated', { ...stranger, status: 'succeeded' }));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    const otherCharge = await sendWebhook(fake.webhook('charge.refunded', { id: 'ch_not_ours', object: 'charge', payment_intent: 'pi_not_ours', amount_refunded: 100, refunded: false }));
    expect(otherCharge.statusCode).toBe(404);
    // Our refund id with another refund's Stripe id is not ours either.
    const forgedPair = await sendWebhook(fake.webhook('refund.updated', { ...stranger, metadata: { refundId: (await refundOf(purchase.id)).id }, status: 'failed' }));
    expect(forgedPair.statusCode).toBe(404);
    expect(JSON.stringify(await t.db.select().from(refunds))).toBe(before);
    expect(logLines.filter((line) => line.includes('refused a refund notification that matches no refund we asked for'))).toHaveLength(3);
  });

  it('the buyer’s cancellation goes back through Stripe at once, the whole amount', async () => {
    const { purchase, session } = await paidPurchase('cancel-stripe@example.com');
    const token = new URL(session.success_url).searchParams.get('Token') ?? '';
    const res = await postJson(t.app, `/api/purchases/${purchase.id}/cancel`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'refunded', refundAmount: 4990, refundState: 'done' });
    expect(refundsAtStripe(session.payment_intent)).toEqual([expect.objectContaining({ amount: 4990, status: 'succeeded' })]);
  });
});

describe.each(testDatabaseKinds())('refunds paid back through Grow on %s', (kind) => {
  let fake: FakeGrow;
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    fake = await startFakeGrow();
    t = await buildTestApp({ kind, env: { PAYMENT_PROVIDER: 'grow', GROW_USER_ID: FAKE_GROW_USER_ID, GROW_PAGE_CODE: FAKE_GROW_PAGE_CODE, GROW_API_URL: fake.url } });
    adminToken = await tokenFor(t.app, await buildUser(t.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A purchase paid on Grow's page (its notification, confirmed with Grow), with its process. */
  async function paidPurchase(email: string) {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, price: 45 } } });
    expect((await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer({ email }))).statusCode).toBe(200);
    const process = [...fake.processes.values()].at(-1);
    if (!process) throw new Error('no process');
    fake.pay(process.processId);
    const notified = await postRaw(t.app, '/api/payments/notify/grow', new URLSearchParams(fake.notification(process.processId)).toString(), 'application/x-www-form-urlencoded');
    expect(notified.json()).toEqual({ received: true, outcome: 'paid' });
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.id, process.fields.cField1));
    return { purchase, process };
  }

  it('the admin’s refund and the buyer’s cancellation go back through refundTransaction, each once', async () => {
    const refunded = await paidPurchase('grow-refund@example.com');
    const res = await postJson(t.app, `/api/purchases/${refunded.purchase.id}/refund`, {}, { headers: { 'x-access-token': adminToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.providerRefund).toMatchObject({ status: 'done', kind: 'admin', amount: 3500, attempts: 1 });
    expect(refunded.process.refunds).toEqual([{ refundTransactionId: expect.any(String), refundSum: 3500 }]);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.purchaseId, refunded.purchase.id));
    expect(row).toMatchObject({ status: 'done', providerRef: refunded.process.refunds[0].refundTransactionId, providerPaymentRef: refunded.process.transaction?.transactionId });

    const cancelled = await paidPurchase('grow-cancel@example.com');
    const token = new URL(cancelled.process.fields.successUrl).searchParams.get('Token') ?? '';
    const cancel = await postJson(t.app, `/api/purchases/${cancelled.purchase.id}/cancel`, { token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ refundAmount: 4500, refundState: 'done' });
    expect(cancelled.process.refunds).toEqual([{ refundTransactionId: expect.any(String), refundSum: 4500 }]);
    expect(fake.requests.filter((r) => r.path === '/refundTransaction').map((r) => r.fields.refundSum)).toEqual(['35.00', '45.00']);
  });
});
