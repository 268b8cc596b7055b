import { describe, expect, it } from 'vitest';
import { isOwnPurchase } from './own-purchase.ts';

const affiliate = { id: 'u-aff', email: 'Dana.Levi@gmail.com' };

describe('isOwnPurchase', () => {
  it('is the affiliate’s own when the buyer’s email reaches their mailbox', () => {
    expect(isOwnPurchase(affiliate, { email: 'danalevi+x@googlemail.com' }, [])).toBe(true);
    expect(isOwnPurchase(affiliate, { email: 'someone@example.com' }, [])).toBe(false);
  });

  it('is the affiliate’s own when its payer paid for the affiliate before: logged in, or with their email', () => {
    expect(isOwnPurchase(affiliate, { email: 'anon@example.com' }, [{ buyerId: 'u-aff', email: 'other@example.com' }])).toBe(true);
    expect(isOwnPurchase(affiliate, { email: 'anon@example.com' }, [{ buyerId: null, email: 'd.a.n.a.levi@gmail.com' }])).toBe(true);
  });

  it('is not when the same payer only ever paid for others, or paid nothing before', () => {
    expect(isOwnPurchase(affiliate, { email: 'anon@example.com' }, [{ buyerId: 'u-other', email: 'friend@example.com' }, { buyerId: null, email: 'anon2@example.com' }])).toBe(false);
    expect(isOwnPurchase(affiliate, { email: 'anon@example.com' }, [])).toBe(false);
  });
});
