import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, RefundRefused } from './provider.ts';
import { createStripeProvider, type StripeProvider } from './stripe.ts';
import { FAKE_CARD_FINGERPRINT, FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './test-servers/fake-stripe.ts';

describe('the Stripe adapter, against a local server answering Stripe’s endpoints', () => {
  let fake: FakeStripe;
  let stripe: StripeProvider;
  const warnings: unknown[] = [];
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeProvider({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url, log: { warn: (...args: unknown[]) => warnings.push(args) } });
  });
  afterAll(() => fake.close());

  const input = (overrides: Partial<Parameters<StripeProvider['createCheckout']>[0]> = {}) => ({
    purchaseId: 'p0123456789abcdef0123456',
    amount: 4990,
    currency: 'ILS',
    description: 'Neve Tzedek secrets',
    buyer: { fullName: 'Maya Cohen', email: 'maya@example.com', phone: '052-7654321' },
    language: 'he' as const,
    successUrl: 'https://streethunt.test/payment-success?Token=abc',
    cancelUrl: 'https://streethunt.test/game/g1',
    ...overrides,
  });

  it('opens a Checkout Session: one line item in agorot and ils, the purchase as reference, our return URLs', async () => {
    const checkout = await stripe.createCheckout(input());
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers['idempotency-key']).toBe('checkout-p0123456789abcdef0123456');
    expect(request?.fields).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'ils',
      'line_items[0][price_data][unit_amount]': '4990',
      'line_items[0][price_data][product_data][name]': 'Neve Tzedek secrets',
      client_reference_id: 'p0123456789abcdef0123456',
      'metadata[purchaseId]': 'p0123456789abcdef0123456',
      customer_email: 'maya@example.com',
      success_url: 'https://streethunt.test/payment-success?Token=abc',
      cancel_url: 'https://streethunt.test/game/g1',
      // Checkout has no Hebrew page: the browser's language, else English.
      locale: 'auto',
    });
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`https://checkout.stripe.test/c/pay/${checkout.providerRef}`);
    expect(fake.requests.at(-1)?.fields.locale).toBe('auto');
    await stripe.createCheckout(input({ purchaseId: 'p2', language: 'en' }));
    expect(fake.requests.at(-1)?.fields.locale).toBe('en');
  });

  it('looks a session up: unpaid until Stripe says paid, then the amount and currency Stripe charged and the card', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p3', amount: 12000 }));
    expect(await stripe.lookUpPayment({ id: 'p3', providerRef })).toEqual({ paid: false, status: 'open/unpaid' });
    fake.pay(providerRef);
    const calls = fake.requests.length;
    expect(await stripe.lookUpPayment({ id: 'p3', providerRef })).toEqual({ paid: true, purchaseId: 'p3', providerRef, amount: 12000, currency: 'ILS', payerId: `stripe:${FAKE_CARD_FINGERPRINT}` });
    // The card comes expanded with the session, in the one call.
    expect(fake.requests.slice(calls).map((r) => r.path)).toEqual([`/v1/checkout/sessions/${providerRef}`]);
    await expect(stripe.lookUpPayment({ id: 'p3', providerRef: 'cs_test_unknown' })).rejects.toThrow(/No such checkout.session/);
  });

  it('reads a signed webhook and refuses a bad signature, another secret, an altered body or an old event', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p4' }));
    const session = fake.pay(providerRef);
    const { body, signature } = fake.webhook('checkout.session.completed', session);
    expect(stripe.readWebhook(Buffer.from(body), signature)).toEqual({
      kind: 'payment',
      report: { paid: true, purchaseId: 'p4', providerRef, amount: 4990, currency: 'ILS' },
      paymentIntent: session.payment_intent,
    });

    const other = fake.webhook('checkout.session.completed', session, { secret: 'whsec_someone_else' });
    const old = fake.webhook('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const [name, raw, header] of [
      ['another secret', other.body, other.signature],
      ['an altered body', body.replace('"amount_total":4990', '"amount_total":1'), signature],
      ['an event an hour old', old.body, old.signature],
      ['no signature', body, ''],
      ['a made-up header', body, 't=1,v1=deadbeef'],
    ] as const) {
      expect(() => stripe.readWebhook(Buffer.from(raw), header), name).toThrow(PaymentProviderError);
    }
  });

  /** A session paid with `card` (as fake.pay takes it), reported by its signed webhook as the route reads it. */
  async function webhookReport(purchaseId: string, card?: { fingerprint: string } | null) {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId }));
    const { body, signature } = fake.webhook('checkout.session.completed', fake.pay(providerRef, { card }));
    const notification = await stripe.notification.read({ headers: { 'stripe-signature': signature }, body: Buffer.from(body) });
    if (notification.kind !== 'verified') throw new Error(`read as ${notification.kind}`);
    return { providerRef, report: notification.report };
  }

  it('names the payer of a webhook’s payment by its card’s fingerprint, asked of its PaymentIntent', async () => {
    const { providerRef, report } = await webhookReport('p-card-1');
    expect(report).toEqual({ paid: true, purchaseId: 'p-card-1', providerRef, amount: 4990, currency: 'ILS', payerId: `stripe:${FAKE_CARD_FINGERPRINT}` });
    const asked = fake.requests.at(-1);
    expect(asked).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${fake.sessions.get(providerRef)?.payment_intent}` });
    expect([...(asked?.query.values() ?? [])]).toEqual(['latest_charge']);
    // The same card on another payment is the same payer; another card is another; Link names none.
    expect((await webhookReport('p-card-2', { fingerprint: FAKE_CARD_FINGERPRINT })).report).toMatchObject({ payerId: `stripe:${FAKE_CARD_FINGERPRINT}` });
    expect((await webhookReport('p-card-3', { fingerprint: 'Ab12Cd34Ef56Gh78' })).report).toMatchObject({ payerId: 'stripe:Ab12Cd34Ef56Gh78' });
    expect((await webhookReport('p-card-4', null)).report).toMatchObject({ paid: true, payerId: null });
  });

  it('a payment whose card cannot be looked up is still reported paid, with no payer, and the failure is logged', async () => {
    fake.refusePaymentIntents = true;
    try {
      warnings.length = 0;
      const { providerRef, report } = await webhookReport('p-card-5');
      expect(report).toEqual({ paid: true, purchaseId: 'p-card-5', providerRef, amount: 4990, currency: 'ILS', payerId: null });
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings[0])).toMatch(/could not look up the card/);
    } finally {
      fake.refusePaymentIntents = false;
    }
  });

  it('ignores events that finish no payment', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p5' }));
    const session = fake.sessions.get(providerRef);
    if (!session) throw new Error('no session');
    const expired = fake.webhook('checkout.session.expired', session);
    expect(stripe.readWebhook(Buffer.from(expired.body), expired.signature)).toEqual({ kind: 'ignored', type: 'checkout.session.expired' });
    // Completed with a delayed payment method: not paid yet.
    const unpaid = fake.webhook('checkout.session.completed', { ...session, status: 'complete' });
    expect(stripe.readWebhook(Buffer.from(unpaid.body), unpaid.signature)).toEqual({ kind: 'payment', report: { paid: false, status: 'complete/unpaid' }, paymentIntent: null });
  });

  it('refunds a paid session’s PaymentIntent: amount in agorot, our refund id as Idempotency-Key and metadata; a retry refunds once', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p-refund-1', amount: 4500 }));
    const session = fake.pay(providerRef);
    const refundInput = { refundId: 'r0123456789abcdef0123456', purchaseId: 'p-refund-1', providerRef, amount: 3500, currency: 'ILS' };
    const refunded = await stripe.refund(refundInput);
    expect(refunded).toEqual({ status: 'done', providerRef: expect.stringMatching(/^re_/), paymentRef: session.payment_intent });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(request?.headers['idempotency-key']).toBe('refund-r0123456789abcdef0123456');
    expect(request?.fields).toMatchObject({
      payment_intent: session.payment_intent,
      amount: '3500',
      reason: 'requested_by_customer',
      'metadata[refundId]': 'r0123456789abcdef0123456',
      'metadata[purchaseId]': 'p-refund-1',
    });
    // The same refund asked again (the job queue's retry): Stripe answers the first refund, nothing more goes back.
    expect(await stripe.refund(refundInput)).toEqual(refunded);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('a refund Stripe does not take throws (to be retried with the same key); one still pending at Stripe is sent, not done', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p-refund-2', amount: 4500 }));
    fake.pay(providerRef);
    const refundInput = { refundId: 'r-refund-2', purchaseId: 'p-refund-2', providerRef, amount: 4500, currency: 'ILS' };
    fake.failRefunds = 1;
    await expect(stripe.refund(refundInput)).rejects.toThrow(/unknown error/);
    expect(fake.failRefunds).toBe(0);
    fake.refundStatus = 'pending';
    try {
      expect(await stripe.refund(refundInput)).toMatchObject({ status: 'sent', providerRef: expect.stringMatching(/^re_/) });
    } finally {
      fake.refundStatus = 'succeeded';
    }
    // An unpaid session has nothing to refund, for good.
    const unpaid = await stripe.createCheckout(input({ purchaseId: 'p-refund-3' }));
    await expect(stripe.refund({ ...refundInput, refundId: 'r-refund-3', providerRef: unpaid.providerRef })).rejects.toThrow(RefundRefused);
  });

  it('reads a signed refund event as the refund’s news: our refund id, Stripe’s, the payment and its state', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p-refund-4', amount: 4500 }));
    const session = fake.pay(providerRef);
    const { providerRef: refundRef } = await stripe.refund({ refundId: 'r-refund-4', purchaseId: 'p-refund-4', providerRef, amount: 4500, currency: 'ILS' });
    const refund = fake.refunds.get(refundRef);
    if (!refund) throw new Error('no refund');
    const updated = fake.webhook('refund.updated', refund);
    expect(stripe.readWebhook(Buffer.from(updated.body), updated.signature)).toEqual({
      kind: 'refund',
      report: { refundId: 'r-refund-4', providerRef: refundRef, paymentRef: session.payment_intent, status: 'done' },
    });
    const failed = fake.webhook('refund.failed', { ...refund, status: 'failed' });
    expect(stripe.readWebhook(Buffer.from(failed.body), failed.signature)).toMatchObject({ kind: 'refund', report: { status: 'failed' } });
    // charge.refunded names the payment only (its refunds list is not sent unless expanded).
    const charge = fake.charges.get(refund.charge);
    const chargeEvent = fake.webhook('charge.refunded', { ...charge, amount_refunded: 4500, refunded: true });
    expect(stripe.readWebhook(Buffer.from(chargeEvent.body), chargeEvent.signature)).toEqual({
      kind: 'refund',
      report: { refundId: null, providerRef: null, paymentRef: session.payment_intent, status: 'done' },
    });
  });

  it('a wrong secret key is Stripe’s refusal, not a checkout', async () => {
    const wrong = createStripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
    await expect(wrong.createCheckout(input({ purchaseId: 'p6' }))).rejects.toThrow(/Invalid API Key/);
  });
});
