import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { securityHeaders } from './security-headers.ts';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('security headers worked out once', () => {
  const cases: Array<[string, HelmetOptions]> = [
    ['helmet’s defaults', {}],
    ['a CSP of our own, no COEP', { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"], upgradeInsecureRequests: null } }, crossOriginEmbedderPolicy: false }],
  ];

  it.each(cases)('sets exactly what helmet’s middleware sets, with %s', (_name, options) => {
    const byHelmet = response();
    let passed = false;
    helmet(options)(byHelmet.req, byHelmet, () => (passed = true));
    expect(passed).toBe(true);
    const ours = response();
    securityHeaders(options)(ours);
    expect(ours.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(Object.keys(ours.getHeaders()).length).toBeGreaterThan(8);
  });

  it('refuses options helmet refuses, when the app is built rather than per request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow(/self/);
  });
});

describe('on the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every reply carries them: an API reply, a refused call and the health check', async () => {
    const replies = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/public-config' }),
      t.app.inject({ method: 'POST', url: '/api/game-progress', payload: { action: 'get-game-progress', gameId: 'x', secretCode: 'NOPE' } }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
    ]);
    for (const res of replies) {
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';.*frame-ancestors 'self'/);
      expect(res.headers).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    expect(replies.map((r) => r.statusCode)).toEqual([200, 403, 200]);
  });
});
