import { describe, expect, it } from 'vitest';
import { createPaymentProvider, PaymentProviderError } from './create-payment-provider.ts';
import { cardDigits, createSandboxProvider, judgeSandboxCard, passesLuhn, SANDBOX_CARDS, sandboxPayerId } from './sandbox.ts';

const now = new Date('2026-05-15T12:00:00Z');
const judge = (form: { cardNumber?: string; expiry?: string; cvc?: string }) => judgeSandboxCard(form, now);

describe('sandbox test cards', () => {
  it('documents three numbers that are valid card numbers', () => {
    expect(passesLuhn(SANDBOX_CARDS.succeeds)).toBe(true);
    expect(passesLuhn(SANDBOX_CARDS.alsoSucceeds)).toBe(true);
    expect(passesLuhn(SANDBOX_CARDS.declined)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(cardDigits(' 4242-4242 4242 4242 ')).toBe('4242424242424242');
  });

  it.each([
    ['4242 4242 4242 4242', '12/26', '123', 'succeeds'],
    ['4242424242424242', '5/2026', '000', 'succeeds'],
    ['4242-4242-4242-4242', ' 05 / 26 ', '999', 'succeeds'],
    ['5555 5555 5555 4444', '12/26', '123', 'succeeds'],
    ['4000 0000 0000 0002', '01/30', '123', 'declined'],
  ])('%s, %s, %s: %s', (cardNumber, expiry, cvc, outcome) => {
    expect(judge({ cardNumber, expiry, cvc })).toEqual(outcome === 'succeeds' ? { outcome, payerId: sandboxPayerId(cardDigits(cardNumber)) } : { outcome });
  });

  it('names the paying card by a fingerprint of its number: the same however typed, another per card, never the digits', () => {
    const typed = (cardNumber: string) => judge({ cardNumber, expiry: '12/26', cvc: '123' });
    const first = typed('4242 4242 4242 4242');
    expect(first).toMatchObject({ outcome: 'succeeds', payerId: expect.stringMatching(/^sandbox:[0-9a-f]{64}$/) });
    expect(typed('4242-4242-4242-4242')).toEqual(first);
    const other = typed('5555 5555 5555 4444');
    expect(other).toMatchObject({ outcome: 'succeeds' });
    expect(other).not.toEqual(first);
    for (const judged of [first, other]) {
      if (judged.outcome !== 'succeeds') throw new Error('not paid');
      expect(judged.payerId).not.toMatch(/4242|5555|4444/);
    }
  });

  it.each([
    [{ cardNumber: '', expiry: '', cvc: '' }, { cardNumber: 'card_number_format', expiry: 'expiry_format', cvc: 'cvc_format' }],
    [{}, { cardNumber: 'card_number_format', expiry: 'expiry_format', cvc: 'cvc_format' }],
    [{ cardNumber: '4242 4242 4242 4241', expiry: '12/26', cvc: '123' }, { cardNumber: 'card_number_format' }],
    [{ cardNumber: '4242 4242 4242 424a', expiry: '12/26', cvc: '123' }, { cardNumber: 'card_number_format' }],
    [{ cardNumber: '4111 1111 1111 1111', expiry: '12/26', cvc: '123' }, { cardNumber: 'card_number_not_test' }],
    [{ cardNumber: '4242424242424242', expiry: '13/26', cvc: '123' }, { expiry: 'expiry_format' }],
    [{ cardNumber: '4242424242424242', expiry: '00/26', cvc: '123' }, { expiry: 'expiry_format' }],
    [{ cardNumber: '4242424242424242', expiry: '1226', cvc: '123' }, { expiry: 'expiry_format' }],
    [{ cardNumber: '4242424242424242', expiry: '04/26', cvc: '123' }, { expiry: 'expiry_past' }],
    [{ cardNumber: '4242424242424242', expiry: '12/25', cvc: '123' }, { expiry: 'expiry_past' }],
    [{ cardNumber: '4242424242424242', expiry: '12/26', cvc: '12' }, { cvc: 'cvc_format' }],
    [{ cardNumber: '4242424242424242', expiry: '12/26', cvc: '1234' }, { cvc: 'cvc_format' }],
    [{ cardNumber: '4242424242424242', expiry: '12/26', cvc: 'abc' }, { cvc: 'cvc_format' }],
  ])('refuses %j', (form, errors) => {
    expect(judge(form)).toEqual({ outcome: 'invalid', errors });
  });

  it('takes a card through the end of its expiry month', () => {
    expect(judge({ cardNumber: SANDBOX_CARDS.succeeds, expiry: '05/26', cvc: '123' })).toMatchObject({ outcome: 'succeeds' });
  });
});

describe('payment providers', () => {
  it('sandbox: an unguessable reference (32 random bytes) and our own page', async () => {
    const provider = createPaymentProvider({ paymentProvider: 'sandbox', publicUrl: 'https://streethunt.test', jwtSecret: 'x'.repeat(32) });
    expect(provider.name).toBe('sandbox');
    const input = {
      purchaseId: 'p1',
      amount: 4500,
      currency: 'ILS',
      description: 'Test hunt',
      buyer: { fullName: 'Maya', email: 'maya@example.com', phone: '050-1234567' },
      language: 'he' as const,
      successUrl: 'https://streethunt.test/payment-success?Token=t',
      cancelUrl: 'https://streethunt.test/game/g1',
    };
    const a = await provider.createCheckout(input);
    const b = await provider.createCheckout(input);
    expect(a.providerRef).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.providerRef, 'base64url')).toHaveLength(32);
    expect(a.url).toBe(`https://streethunt.test/sandbox-pay/${a.providerRef}`);
    expect(b.providerRef).not.toBe(a.providerRef);
  });

  it('sandbox: a refund is recorded once per refund id, to be read back', async () => {
    const provider = createSandboxProvider({ publicUrl: 'https://streethunt.test' });
    const refund = { refundId: 'r1', purchaseId: 'p1', providerRef: 'ref-1', amount: 3500, currency: 'ILS' };
    const first = await provider.refund(refund);
    expect(first).toEqual({ status: 'done', providerRef: expect.stringMatching(/^sandbox-refund-[0-9a-f]{24}$/), paymentRef: null });
    expect(await provider.refund(refund)).toEqual(first);
    await provider.refund({ ...refund, refundId: 'r2', purchaseId: 'p2' });
    expect(provider.refunds).toEqual([
      { ...refund, refundRef: first.providerRef },
      { ...refund, refundId: 'r2', purchaseId: 'p2', refundRef: expect.stringMatching(/^sandbox-refund-/) },
    ]);
  });

  it('a real provider without its settings is refused at start, not pretended', () => {
    expect(() => createPaymentProvider({ paymentProvider: 'stripe', publicUrl: 'https://streethunt.test', jwtSecret: 'x'.repeat(32) })).toThrow(PaymentProviderError);
    expect(() => createPaymentProvider({ paymentProvider: 'stripe', publicUrl: 'https://streethunt.test', jwtSecret: 'x'.repeat(32) })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => createPaymentProvider({ paymentProvider: 'grow', publicUrl: 'https://streethunt.test', jwtSecret: 'x'.repeat(32) })).toThrow(/GROW_USER_ID/);
  });
});
