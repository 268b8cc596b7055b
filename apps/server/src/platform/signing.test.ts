import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { purposeKey, signer } from './signing.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';

/** Replaces the last character of a signature with another valid one. */
const tampered = (signature: string) => `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

describe('signing with the server secret', () => {
  it('derives a purpose key as HMAC-SHA256 of the label under the secret', () => {
    const key = purposeKey(SECRET, 'streethunt play grant v1');
    expect(key).toHaveLength(32);
    expect(key.equals(createHmac('sha256', SECRET).update('streethunt play grant v1').digest())).toBe(true);
    // Pinned, so a change to the derivation cannot slip through as a matching pair of changes.
    expect(key.toString('hex')).toBe('5e21ac1a66898cba78c51a744fcb39f4d7c97af8606ef74d754370b880c27322');
  });

  it('gives different purposes, and different secrets, different keys', () => {
    const key = purposeKey(SECRET, 'streethunt play grant v1');
    expect(purposeKey(SECRET, 'streethunt reports grant v1').equals(key)).toBe(false);
    expect(purposeKey(`${SECRET}-rotated`, 'streethunt play grant v1').equals(key)).toBe(false);
    expect(signer(purposeKey(SECRET, 'a')).sign('message')).not.toBe(signer(purposeKey(SECRET, 'b')).sign('message'));
  });

  it('signs as HMAC-SHA256 in unpadded base64url by default, hex or cut short when asked', () => {
    const mac = createHmac('sha256', SECRET).update('game-1\nABCD2345').digest();
    expect(signer(SECRET).sign('game-1\nABCD2345')).toBe(mac.toString('base64url'));
    expect(signer(SECRET).sign('game-1\nABCD2345')).toMatch(/^[\w-]{43}$/);
    expect(signer(SECRET, { encoding: 'hex' }).sign('game-1\nABCD2345')).toBe(mac.toString('hex'));
    expect(signer(SECRET, { bytes: 16 }).sign('game-1\nABCD2345')).toBe(mac.subarray(0, 16).toString('base64url'));
    // A string key and its UTF-8 bytes are the same key.
    expect(signer(Buffer.from(SECRET)).sign('x')).toBe(signer(SECRET).sign('x'));
  });

  it.each([{}, { bytes: 16 }, { encoding: 'hex' as const }, { encoding: 'hex' as const, bytes: 8 }])('verifies what it signed, and nothing else (%o)', (options) => {
    const signing = signer(purposeKey(SECRET, 'test'), options);
    const signature = signing.sign('message');
    expect(signing.verify('message', signature)).toBe(true);
    expect(signing.verify('messagE', signature)).toBe(false);
    expect(signing.verify('message', tampered(signature))).toBe(false);
    expect(signer(purposeKey(SECRET, 'other'), options).verify('message', signature)).toBe(false);
    expect(signer(purposeKey(`${SECRET}-rotated`, 'test'), options).verify('message', signature)).toBe(false);
  });

  it('refuses a signature of the wrong length without throwing', () => {
    const signing = signer(SECRET, { bytes: 16 });
    const signature = signing.sign('message');
    for (const wrong of ['', signature.slice(0, -1), `${signature}A`, signer(SECRET).sign('message'), `${signature}${signature}`]) expect(signing.verify('message', wrong)).toBe(false);
    // The same characters but more bytes (a multi-byte character) is a wrong length too.
    expect(signing.verify('message', `${signature.slice(0, -1)}é`)).toBe(false);
  });

  it('takes only the spelling it issued, not another that decodes to the same bytes', () => {
    const signing = signer(SECRET, { bytes: 16 });
    const signature = signing.sign('message');
    // 16 bytes take 22 base64url characters, the last carrying 4 spare bits: flipping one keeps the bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1) ?? 'A') ^ 1]}`;
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(signing.verify('message', twin)).toBe(false);
  });

  it('refuses a length it cannot give', () => {
    for (const bytes of [0, 33, 1.5, Number.NaN]) expect(() => signer(SECRET, { bytes })).toThrow(RangeError);
  });
});
