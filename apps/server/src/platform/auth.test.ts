import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, hashPassword, hashToken, newSecretToken, verifyPassword } from './auth.ts';

const SECRET = 'unit-test-secret-unit-test-secret-0123';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  });

  it('salts: one password gives two different hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a wrong password, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('single-use link tokens', () => {
  it('are long, URL-safe, random, and stored only as their SHA-256', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).toBe(hashToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
  });
});

describe('access tokens', () => {
  const signer = createTokenSigner(SECRET);
  const key = new TextEncoder().encode(SECRET);

  it('round-trip the user id and role', async () => {
    const token = await signer.sign({ userId: 'u1', role: 'admin' });
    expect(await signer.verify(token)).toEqual({ userId: 'u1', role: 'admin', tokenVersion: 0 });
    expect(await signer.verify(await signer.sign({ userId: 'u2', role: 'user' }))).toEqual({ userId: 'u2', role: 'user', tokenVersion: 0 });
  });

  it('carry the user’s token version', async () => {
    const token = await signer.sign({ userId: 'u1', role: 'user', tokenVersion: 7 });
    expect(await signer.verify(token)).toEqual({ userId: 'u1', role: 'user', tokenVersion: 7 });
  });

  it('read a token from before versions (no ver) as version 0, and refuse a malformed version', async () => {
    const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setExpirationTime('1h').sign(key);
    expect(await signer.verify(await sign({ role: 'user' }))).toEqual({ userId: 'u1', role: 'user', tokenVersion: 0 });
    for (const ver of ['1', -1, 1.5, null, {}]) expect(await signer.verify(await sign({ role: 'user', ver }))).toBeNull();
  });

  it('expire after 30 days', async () => {
    const token = await signer.sign({ userId: 'u1', role: 'user' });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(30 * 24 * 3600);
  });

  it('refuse expired, tampered, foreign, unsigned, subject-less and never-expiring tokens', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setExpirationTime(past).sign(key);
    const foreign = await createTokenSigner('some-other-secret-some-other-secret-xx').sign({ userId: 'u1', role: 'admin' });
    const good = await signer.sign({ userId: 'u1', role: 'user' });
    const [header, , signature] = good.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'admin', exp: past + 3600 })).toString('base64url')}.${signature}`;
    const unsigned = new UnsecuredJWT({ role: 'admin' }).setSubject('u1').encode();
    const noSubject = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    // Signed with the right key, but it would never end.
    const noExpiry = await new SignJWT({ role: 'user', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuedAt().sign(key);
    for (const token of [expired, foreign, tampered, unsigned, noSubject, noExpiry, '', 'garbage']) expect(await signer.verify(token)).toBeNull();
  });

  it('read any role but admin as user', async () => {
    const token = await new SignJWT({ role: 'superuser' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setExpirationTime('1h').sign(key);
    expect(await signer.verify(token)).toEqual({ userId: 'u1', role: 'user', tokenVersion: 0 });
  });
});
