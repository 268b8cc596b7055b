import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildUser } from '../test/factories.ts';
import { tokenFor } from '../test/tokens.ts';
import { loggedUrl, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it.each([
    ['/validate-email/abcDEF123_-xyz', '/validate-email/[redacted]'],
    ['/validate-email/resend', '/validate-email/resend'],
    ['/validate-email/resend?email=a@b.co', '/validate-email/resend?email=a@b.co'],
    ['/reset-password/0123abcd/tok3n_value', '/reset-password/0123abcd/[redacted]'],
    ['/game-feedback/g1/tok3n', '/game-feedback/g1/[redacted]'],
    ['/payment-success?Token=secret123&x=1', '/payment-success?Token=[redacted]&x=1'],
    ['/games?user=abc', '/games?user=abc'],
    ['/sandbox-pay/r3f_-x', '/sandbox-pay/[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('loggedUrl: the path and the names of the query keys, never their values', () => {
  it.each([
    ['/api/games?lat=32.0853&lng=34.7818', '/api/games?lat&lng'],
    ['/api/purchases?q=TLV23456789A', '/api/purchases?q'],
    ['/api/users/?q=0521234567&page=2&pageSize=20', '/api/users/?q&page&pageSize'],
    ['/api/games', '/api/games'],
    ['/api/games?', '/api/games'],
    ['/api/games?flag', '/api/games?flag'],
    ['/api/games?a=1&a=2&b', '/api/games?a&b'],
    ['/payment-success?Token=secret123&x=1', '/payment-success?Token&x'],
    ['/validate-email/abcDEF123_-xyz?lang=he', '/validate-email/[redacted]?lang'],
    ['/games?q=a%3Db&x%20y=1', '/games?q&x%20y'],
  ])('%s', (url, expected) => {
    expect(loggedUrl(url)).toBe(expected);
  });

  it('a key name too long to be a name is not written out', () => {
    expect(loggedUrl(`/api/games?${'k'.repeat(200)}=1&lat=2`)).toBe('/api/games?[key]&lat');
  });
});

describe('request logs carry no query values', () => {
  let t: TestApp;
  const lines: string[] = [];
  let adminToken = '';
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logLines: lines });
    adminToken = await tokenFor(t.app, await buildUser(t.db, { role: 'admin' }));
  });
  afterAll(() => t.close());

  it('the games near a place, a purchase found by its code and a user found by phone: logged by path and key names', async () => {
    const secrets = ['31.7767512', '35.2345123', 'SECRETCODE9QX', '0529876543', 'hidden.person@example.com'];
    const headers = { 'x-access-token': adminToken };
    const calls = [
      { url: `/api/games?lat=${secrets[0]}&lng=${secrets[1]}`, logged: '/api/games?lat&lng' },
      { url: `/api/purchases?q=${secrets[2]}`, logged: '/api/purchases?q' },
      { url: `/api/users/?q=${secrets[3]}&page=1`, logged: '/api/users/?q&page' },
      { url: `/api/users/?q=${encodeURIComponent(secrets[4])}`, logged: '/api/users/?q' },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: 'GET', url: call.url, headers });
      expect({ url: call.url, status: res.statusCode }).toEqual({ url: call.url, status: 200 });
    }
    const text = lines.join('\n');
    // The requests were logged, by path and key names.
    for (const call of calls) expect(text).toContain(`"url":"${call.logged}"`);
    for (const secret of [...secrets, encodeURIComponent(secrets[4])]) expect({ secret, logged: text.includes(secret) }).toEqual({ secret, logged: false });
  });

  it('a refused request (a bad value) logs no value either', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games?lat=999.123456&lng=SECRETLNG777' });
    expect(res.statusCode).toBe(400);
    const text = lines.join('\n');
    expect(text).toContain('"url":"/api/games?lat&lng"');
    expect(text).not.toContain('999.123456');
    expect(text).not.toContain('SECRETLNG777');
  });
});
