import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from './provider.ts';
import { createStripeProvider, type StripeProvider } from './stripe.ts';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './test-servers/fake-stripe.ts';

describe('the Stripe adapter, against a local server answering Stripe’s endpoints', () => {
  let fake: FakeStripe;
  let stripe: StripeProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeProvider({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
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

  it('looks a session up: unpaid until Stripe says paid, then the amount and currency Stripe charged', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p3', amount: 12000 }));
    expect(await stripe.lookUpPayment({ id: 'p3', providerRef })).toEqual({ paid: false, status: 'open/unpaid' });
    fake.pay(providerRef);
    expect(await stripe.lookUpPayment({ id: 'p3', providerRef })).toEqual({ paid: true, purchaseId: 'p3', providerRef, amount: 12000, currency: 'ILS' });
    await expect(stripe.lookUpPayment({ id: 'p3', providerRef: 'cs_test_unknown' })).rejects.toThrow(/No such checkout.session/);
  });

  it('reads a signed webhook and refuses a bad signature, another secret, an altered body or an old event', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p4' }));
    const session = fake.pay(providerRef);
    const { body, signature } = fake.webhook('checkout.session.completed', session);
    expect(stripe.readWebhook(Buffer.from(body), signature)).toEqual({
      kind: 'payment',
      report: { paid: true, purchaseId: 'p4', providerRef, amount: 4990, currency: 'ILS' },
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

  it('ignores events that finish no payment', async () => {
    const { providerRef } = await stripe.createCheckout(input({ purchaseId: 'p5' }));
    const session = fake.sessions.get(providerRef);
    if (!session) throw new Error('no session');
    const expired = fake.webhook('checkout.session.expired', session);
    expect(stripe.readWebhook(Buffer.from(expired.body), expired.signature)).toEqual({ kind: 'ignored', type: 'checkout.session.expired' });
    // Completed with a delayed payment method: not paid yet.
    const unpaid = fake.webhook('checkout.session.completed', { ...session, status: 'complete' });
    expect(stripe.readWebhook(Buffer.from(unpaid.body), unpaid.signature)).toEqual({ kind: 'payment', report: { paid: false, status: 'complete/unpaid' } });
  });

  it('a wrong secret key is Stripe’s refusal, not a checkout', async () => {
    const wrong = createStripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
    await expect(wrong.createCheckout(input({ purchaseId: 'p6' }))).rejects.toThrow(/Invalid API Key/);
  });
});
