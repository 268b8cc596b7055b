import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes, purchases } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { FAKE_CARD_FINGERPRINT, FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../../platform/payments/test-servers/fake-stripe.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, buildPurchase, buildUser, gameContent } from '../../test/factories.ts';
import { successToken } from './success-token.ts';
import { buyer, getPage, nextIp, paymentTables, postJson, postRaw } from './test-support.ts';

const WEBHOOK = '/api/payments/webhook/stripe';

describe.each(testDatabaseKinds())('buying a code through Stripe Checkout on %s', (kind) => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp({
      kind,
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);
  const checkToken = (token: string) => postJson(t.app, '/api/payment/checkToken', { token });
  const sendWebhook = (webhook: { body: string; signature: string }) =>
    postRaw(t.app, WEBHOOK, webhook.body, 'application/json; charset=utf-8', { headers: { 'stripe-signature': webhook.signature } });
  const codesOf = (purchaseId: string) => t.db.select().from(gameCodes).where(eq(gameCodes.purchaseId, purchaseId));

  /** get-url for a new game: the purchase, its Checkout Session and the success token Stripe will send the buyer back with. */
  async function startPurchase(email: string, price: string | number = '49.9', headers: Record<string, string> = {}) {
    const game = await buildGame(t.db, { content: { metadata: { ...gameContent().metadata, name: 'Neve Tzedek', price } } });
    const reply = await postJson(t.app, `/api/payment/get-url/${game.id}`, buyer({ email }), { headers: { 'accept-language': 'en', ...headers } });
    expect(reply.statusCode).toBe(200);
    const url: string = reply.json().data.URL;
    const session = [...fake.sessions.values()].find((s) => url === s.url);
    if (!session) throw new Error(`get-url answered ${url}, not a session's page`);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.providerRef, session.id));
    const token = new URL(session.success_url).searchParams.get('Token') ?? '';
    return { game, session, purchase, token };
  }

  it('get-url opens a session for the purchase; the signed webhook fulfils it: one code, emailed once; the return page shows it', async () => {
    const email = 'stripe.buyer@example.com';
    const { game, session, purchase, token } = await startPurchase(email);
    expect(purchase).toMatchObject({ provider: 'stripe', providerRef: session.id, status: 'pending', amount: 4990, currency: 'ILS', language: 'en' });
    expect(session).toMatchObject({ amount_total: 4990, currency: 'ils', client_reference_id: purchase.id, metadata: { purchaseId: purchase.id }, locale: 'en' });
    expect(session.success_url).toBe(`${t.config.publicUrl}/payment-success?Token=${token}`);
    expect(token).toMatch(new RegExp(`^${purchase.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(session.cancel_url).toBe(`${t.config.publicUrl}/game/${game.id}`);

    // Before Stripe reports anything, the return page asks Stripe: not paid.
    expect((await checkToken(token)).statusCode).toBe(409);

    const paid = await sendWebhook(fake.webhook('checkout.session.completed', fake.pay(session.id)));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ received: true, outcome: 'paid' });
    const codes = await codesOf(purchase.id);
    expect(codes).toHaveLength(1);
    // The card Stripe names, asked of the session's PaymentIntent, is stored with the paid purchase as its payer.
    expect((await t.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0]).toMatchObject({
      status: 'paid',
      paidAt: expect.any(Date),
      payerId: `stripe:${FAKE_CARD_FINGERPRINT}`,
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(codes[0].code);

    const checked = await checkToken(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ data: { gameId: game.id, secretCode: codes[0].code, purchaseId: purchase.id, cancellable: true, cancelBefore: expect.any(String) } });

    // The same event again, or Stripe's retry: one purchase, one code, 200.
    const again = await sendWebhook(fake.webhook('checkout.session.completed', session));
    expect(again.json()).toEqual({ received: true, outcome: 'already_paid' });
    expect(await codesOf(purchase.id)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('the buyer returns before the webhook: the return page asks Stripe, fulfils, and the late webhook finds it paid', async () => {
    const email = 'early.return@example.com';
    const { purchase, session, token } = await startPurchase(email);
    fake.pay(session.id);
    const checked = await checkToken(token);
    expect(checked.statusCode).toBe(200);
    const { secretCode } = checked.json().data;
    const late = await sendWebhook(fake.webhook('checkout.session.completed', session));
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('already_paid');
    expect((await codesOf(purchase.id)).map((c) => c.code)).toEqual([secretCode]);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0].payerId).toBe(`stripe:${FAKE_CARD_FINGERPRINT}`);
  });

  /** A purchase with an affiliate's code, paid by `card` and reported by Stripe's webhook; its recorded payer and split. */
  async function buyWithCode(options: { email: string; affCode: string; card: { fingerprint: string }; token?: string }) {
    const headers = { cookie: `aff=${options.affCode}`, ...(options.token && { 'x-access-token': options.token }) };
    const { purchase, session } = await startPurchase(options.email, '49.9', headers);
    expect((await sendWebhook(fake.webhook('checkout.session.completed', fake.pay(session.id, { card: options.card })))).json().outcome).toBe('paid');
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    return { payerId: row.payerId, affiliateId: row.affiliateId, affiliateShare: row.affiliateShare, buyerId: row.buyerId };
  }

  it('an affiliate’s own card, named by Stripe, earns them no share under another address; another card does', async () => {
    const affiliate = await buildUser(t.db);
    const token = await t.app.services.signer.sign({ userId: affiliate.id, role: 'user' });
    const theirs = { fingerprint: 'AffCard0000000001' };
    const own = await buyWithCode({ email: 'not-my-account@example.org', affCode: affiliate.affiliateCode, card: theirs, token });
    expect(own).toMatchObject({ payerId: 'stripe:AffCard0000000001', buyerId: affiliate.id, affiliateId: null });
    expect(await buyWithCode({ email: 'someone.new@example.net', affCode: affiliate.affiliateCode, card: theirs })).toMatchObject({ buyerId: null, affiliateId: null, affiliateShare: 0 });
    const visitor = await buyWithCode({ email: 'visitor@example.net', affCode: affiliate.affiliateCode, card: { fingerprint: 'VisitorCard000002' } });
    expect(visitor).toMatchObject({ payerId: 'stripe:VisitorCard000002', affiliateId: affiliate.id });
    expect(visitor.affiliateShare).toBeGreaterThan(0);
  });

  it('the paying card cannot be looked up: the purchase is still paid, with no payer, and only the email rule holds back a share', async () => {
    const affiliate = await buildUser(t.db);
    const token = await t.app.services.signer.sign({ userId: affiliate.id, role: 'user' });
    const theirs = { fingerprint: 'AffCard0000000003' };
    await buyWithCode({ email: 'not-my-account@example.org', affCode: affiliate.affiliateCode, card: theirs, token });
    fake.refusePaymentIntents = true;
    try {
      const email = 'no.card.found@example.net';
      const unnamed = await buyWithCode({ email, affCode: affiliate.affiliateCode, card: theirs });
      expect(unnamed).toMatchObject({ payerId: null, affiliateId: affiliate.id });
      expect(await mailsTo(email)).toHaveLength(1);
      // The affiliate's own address still earns them nothing.
      const [local, domain] = affiliate.email.split('@');
      expect(await buyWithCode({ email: `${local}+gift@${domain}`, affCode: affiliate.affiliateCode, card: theirs })).toMatchObject({ payerId: null, affiliateId: null });
    } finally {
      fake.refusePaymentIntents = false;
    }
  });

  it('the webhook never comes: the return page asks Stripe each time until it is paid', async () => {
    const { purchase, session, token } = await startPurchase('never.webhook@example.com');
    expect((await checkToken(token)).json()).toEqual({ code: 'conflict', message: 'payment not completed' });
    fake.pay(session.id);
    const replies = await Promise.all([checkToken(token), checkToken(token), checkToken(token)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.json().data.secretCode)).size).toBe(1);
    expect(await codesOf(purchase.id)).toHaveLength(1);
  });

  it('a declined card leaves the session unpaid: events that finish no payment are acknowledged and change nothing', async () => {
    const { session, token } = await startPurchase('declined@example.com');
    const before = await paymentTables(t.db);
    for (const webhook of [fake.webhook('checkout.session.expired', { ...session, status: 'expired' }), fake.webhook('checkout.session.completed', { ...session, status: 'complete' })]) {
      const reply = await sendWebhook(webhook);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect((await checkToken(token)).statusCode).toBe(409);
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('refuses a bad signature (400) and changes nothing', async () => {
    const { session } = await startPurchase('forger@example.com');
    const paidSession = { ...session, status: 'complete' as const, payment_status: 'paid' as const };
    const before = await paymentTables(t.db);
    const genuine = fake.webhook('checkout.session.completed', paidSession);
    const cases = [
      { name: 'another secret', ...fake.webhook('checkout.session.completed', paidSession, { secret: 'whsec_forger' }) },
      { name: 'an altered body', body: genuine.body.replace('"amount_total":4990', '"amount_total":100'), signature: genuine.signature },
      { name: 'no signature', body: genuine.body, signature: '' },
    ];
    for (const c of cases) {
      const reply = await sendWebhook(c);
      expect({ name: c.name, status: reply.statusCode, code: reply.json().code }).toEqual({ name: c.name, status: 400, code: 'validation' });
    }
    const unsigned = await postRaw(t.app, WEBHOOK, genuine.body, 'application/json');
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('refuses a signed payment whose amount or currency differs from the purchase (409), leaving it pending', async () => {
    const { purchase, session, token } = await startPurchase('mismatch@example.com');
    const before = await paymentTables(t.db);
    for (const wrong of [{ amount_total: 100 }, { currency: 'usd' }]) {
      const reply = await sendWebhook(fake.webhook('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', ...wrong }));
      expect(reply.statusCode).toBe(409);
      expect(reply.json().code).toBe('conflict');
    }
    expect(await paymentTables(t.db)).toEqual(before);
    // Stripe's own record, asked by the return page, is refused the same way.
    fake.sessions.set(session.id, { ...session, status: 'complete', payment_status: 'paid', amount_total: 100 });
    expect((await checkToken(token)).statusCode).toBe(409);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, purchase.id)))[0].status).toBe('pending');
  });

  it('acknowledges a signed event for a purchase this server does not hold, and stores nothing', async () => {
    const { session } = await startPurchase('elsewhere@example.com');
    const before = await paymentTables(t.db);
    const foreign = { ...session, id: 'cs_test_elsewhere', client_reference_id: 'ffffffffffffffffffffffff', metadata: { purchaseId: 'ffffffffffffffffffffffff' }, status: 'complete' as const, payment_status: 'paid' as const };
    const reply = await sendWebhook(fake.webhook('checkout.session.completed', foreign));
    expect(reply.json()).toEqual({ received: true, outcome: 'ignored' });
    // A signed event that names our purchase with another session is refused.
    const [row] = await t.db.select().from(purchases).where(eq(purchases.providerRef, session.id));
    const crossed = await sendWebhook(fake.webhook('checkout.session.completed', { ...foreign, client_reference_id: row.id, metadata: { purchaseId: row.id } }));
    expect(crossed.statusCode).toBe(409);
    expect(await paymentTables(t.db)).toEqual(before);
  });

  it('a token that is not ours is 404, without asking Stripe', async () => {
    const { purchase } = await startPurchase('tokens@example.com');
    const calls = fake.requests.length;
    for (const token of [`${purchase.id}.${'A'.repeat(43)}`, 'A'.repeat(43), `${purchase.id}`]) {
      expect((await checkToken(token)).statusCode).toBe(404);
    }
    expect(fake.requests.length).toBe(calls);
    // A refunded purchase's token no longer gives its code.
    const refunded = await buildPurchase(t.db, { gameId: purchase.gameId, provider: 'stripe', providerRef: 'cs_test_refunded', status: 'refunded' });
    expect((await checkToken(successToken(t.config.jwtSecret, refunded.id))).json()).toEqual({ code: 'conflict', message: 'payment refunded' });
    expect(fake.requests.length).toBe(calls);
  });

  it('Stripe unreachable: get-url answers 502 and leaves no purchase behind', async () => {
    const unreachable = await buildTestApp({
      kind: 'pglite',
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
    });
    try {
      const game = await buildGame(unreachable.db);
      const reply = await postJson(unreachable.app, `/api/payment/get-url/${game.id}`, buyer());
      expect(reply.statusCode).toBe(502);
      expect(reply.json()).toMatchObject({ code: 'internal' });
      expect((await paymentTables(unreachable.db)).purchases).toEqual([]);
    } finally {
      await unreachable.close();
    }
  }, 60_000);

  it('documents the webhook, public and rate limited; no sandbox page exists', async () => {
    const docs = await getPage(t.app, '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining([WEBHOOK, '/api/payment/get-url/{gameId}', '/api/payment/checkToken']));
    expect(t.app.routeAccess.find((r) => r.url === WEBHOOK)).toEqual({ method: 'POST', url: WEBHOOK, access: 'public' });
    expect((await getPage(t.app, `/sandbox-pay/${'B'.repeat(43)}`)).statusCode).toBe(404);
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 301; i++) last = (await postRaw(t.app, WEBHOOK, '{}', 'application/json', { ip, headers: { 'stripe-signature': 't=1,v1=x' } })).statusCode;
    expect(last).toBe(429);
  });
});
