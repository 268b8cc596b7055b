import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';

describe('account rate limits (per IP, per minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the 11th login in a minute from one IP with 429 rate_limited, and other IPs still get through', async () => {
    const user = await buildUser(t.db);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postJson(t.app, '/api/login', { email: user.email, password: 'wrong-password' }, { ip })).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));

    const limited = await postJson(t.app, '/api/login', { email: user.email, password: user.password }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/too many requests/i), code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();

    const elsewhere = await postJson(t.app, '/api/login', { email: user.email, password: user.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('allows 10 auto-logins a minute per user, then 429 with Retry-After; another user at the same address still gets through', async () => {
    const user = await buildUser(t.db);
    const token = await tokenFor(t.app, user);
    const ip = nextIp();
    // Counted per user, so changing address does not escape it.
    for (let i = 0; i < 10; i++) expect((await postJson(t.app, '/api/auto-login', {}, { token, ip: i % 2 ? ip : nextIp() })).statusCode).toBe(200);
    const limited = await postJson(t.app, '/api/auto-login', {}, { token, ip: nextIp() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/too many requests/i), code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const other = await buildUser(t.db);
    const otherToken = await tokenFor(t.app, other);
    expect((await postJson(t.app, '/api/auto-login', {}, { token: otherToken, ip })).statusCode).toBe(200);
  });

  it('counts auto-login without a valid token per address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await postJson(t.app, '/api/auto-login', {}, { token: 'garbage', ip })).statusCode).toBe(401);
    const limited = await postJson(t.app, '/api/auto-login', {}, { token: 'garbage', ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it.each(['/api/signup', '/api/reset-password', '/api/user/resend-validation'])('allows 5 calls a minute to %s from one IP', async (url) => {
    const ip = nextIp();
    // Refused bodies count too: the limit is checked before anything else.
    for (let i = 0; i < 5; i++) expect((await postJson(t.app, url, {}, { ip })).statusCode).toBe(400);
    const limited = await postJson(t.app, url, {}, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });
});
