import { describe, expect, it } from 'vitest';
import { cancelToken, purchaseIdOfCancelToken, purchaseIdOfToken, successToken } from './success-token.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';

/** A buyer may come back to a success URL made before a deploy, so the token for fixed inputs is pinned. */
describe('payment success token', () => {
  it('is exactly as before for fixed inputs', () => {
    expect(successToken(SECRET, 'purchase42')).toBe('purchase42.1zAHPuEiZJ4U5Is67KiIjoJ-CGSf2x9pQyJVxuqwO4M');
  });

  it('gives back its purchase, and nothing for a forged, cut or foreign token', () => {
    const token = successToken(SECRET, 'purchase42');
    expect(purchaseIdOfToken(SECRET, token)).toBe('purchase42');
    expect(purchaseIdOfToken(`${SECRET}-rotated`, token)).toBeNull();
    expect(purchaseIdOfToken(SECRET, token.replace('purchase42', 'purchase43'))).toBeNull();
    expect(purchaseIdOfToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(purchaseIdOfToken(SECRET, `${token}A`)).toBeNull();
    expect(purchaseIdOfToken(SECRET, 'purchase42')).toBeNull();
  });
});

describe('cancel link token', () => {
  it('gives back its purchase, and nothing for a success token, a forged or a foreign one', () => {
    const token = cancelToken(SECRET, 'purchase42');
    expect(token).toMatch(/^purchase42\.[A-Za-z0-9_-]{43}$/);
    expect(purchaseIdOfCancelToken(SECRET, token)).toBe('purchase42');
    // Each kind opens its own door only.
    expect(token).not.toBe(successToken(SECRET, 'purchase42'));
    expect(purchaseIdOfCancelToken(SECRET, successToken(SECRET, 'purchase42'))).toBeNull();
    expect(purchaseIdOfToken(SECRET, token)).toBeNull();
    expect(purchaseIdOfCancelToken(`${SECRET}-rotated`, token)).toBeNull();
    expect(purchaseIdOfCancelToken(SECRET, token.replace('purchase42', 'purchase43'))).toBeNull();
    expect(purchaseIdOfCancelToken(SECRET, 'purchase42')).toBeNull();
  });
});
