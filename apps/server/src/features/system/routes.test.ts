import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@streethunt/shared';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe.each(testDatabaseKinds())('system routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { APP_ENV: 'staging' } });
  });
  afterAll(() => t.close());

  it('GET /api/public-config names the environment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    const body = publicConfigSchema.parse(res.json());
    expect(body.appEnv).toBe('staging');
    expect(body.vatPercent).toBe(18);
    // OpenStreetMap's own servers by default: the offline pack downloads no tiles.
    expect(body.tileOffline).toBe('seen');
  });

  it('GET /api/test/request echoes the request without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/request?x=1', headers: { 'x-access-token': 'secret-value' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.method).toBe('GET');
    expect(body.data.url).toBe('/api/test/request?x=1');
    expect(body.data.loggedIn).toBe(false);
    expect(JSON.stringify(body)).not.toContain('secret-value');
  });

  it('GET /api/test/request echoes no credential header: each is named with [redacted] in place of its value', async () => {
    const credentials = {
      'x-access-token': 'secret-access-token-1',
      'x-reports-grant': 'secret-reports-grant-2',
      'x-play-grant': 'secret-play-grant-3',
      'x-game-secret': 'SECRETGAMECODE4',
      authorization: 'Bearer secret-bearer-5',
      'proxy-authorization': 'Basic c2VjcmV0LXByb3h5LTY=',
      cookie: 'session=secret-cookie-7',
      'set-cookie': 'session=secret-set-cookie-8',
      'X-Api-Key': 'secret-api-key-9',
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/test/request', headers: { ...credentials, 'x-plain': 'shown-as-is' } });
    expect(res.statusCode).toBe(200);
    const { headers } = res.json().data as { headers: Record<string, string> };
    for (const name of Object.keys(credentials)) expect({ name, value: headers[name.toLowerCase()] }).toEqual({ name, value: '[redacted]' });
    expect(headers['x-plain']).toBe('shown-as-is');
    for (const value of Object.values(credentials)) expect({ value, echoed: res.body.includes(value) }).toEqual({ value, echoed: false });
  });

  it('sends security headers and a JSON 404 for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/public-config']).toBeDefined();
  });
});

describe('the accessibility coordinator', () => {
  it('ACCESSIBILITY_CONTACT_NAME, _EMAIL and _PHONE reach the public config the statement page reads', async () => {
    const t = await buildTestApp({
      kind: 'pglite',
      env: { ACCESSIBILITY_CONTACT_NAME: 'Noa Levi', ACCESSIBILITY_CONTACT_EMAIL: 'access@example.org', ACCESSIBILITY_CONTACT_PHONE: '03-1234567' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(publicConfigSchema.parse(res.json()).accessibilityContact).toEqual({ name: 'Noa Levi', email: 'access@example.org', phone: '03-1234567' });
    } finally {
      await t.close();
    }
  });

  it('names the default address, and no name or phone, when they are unset', async () => {
    const t = await buildTestApp({ kind: 'pglite' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(publicConfigSchema.parse(res.json()).accessibilityContact).toEqual({ name: null, email: 'accessibility@streethunt.co.il', phone: null });
    } finally {
      await t.close();
    }
  });
});

describe('the offline tiles setting', () => {
  it('TILE_OFFLINE=area reaches the public config and lets the page fetch from the tile server', async () => {
    const t = await buildTestApp({ kind: 'pglite', env: { TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', TILE_OFFLINE: 'area' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(publicConfigSchema.parse(res.json())).toMatchObject({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', tileOffline: 'area' });
      expect(String(res.headers['content-security-policy'])).toMatch(/connect-src [^;]*https:\/\/tiles\.example\.org/);
    } finally {
      await t.close();
    }
  });

  it('refuses a value it does not know', async () => {
    await expect(buildTestApp({ kind: 'pglite', env: { TILE_OFFLINE: 'everything' } })).rejects.toThrow(/TILE_OFFLINE/);
  });
});
