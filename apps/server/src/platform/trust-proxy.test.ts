import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { parseTrustProxy, type TrustProxy } from '../config.ts';
import { clientAddress, fastifyTrustProxy } from './trust-proxy.ts';

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.1', { addresses: ['10.0.0.1'] }],
    ['10.0.0.0/8, loopback', { addresses: ['10.0.0.0/8', 'loopback'] }],
  ])('%j is %j', (raw, trust) => {
    expect(parseTrustProxy(raw)).toEqual(trust);
  });

  it.each(['true', 'yes', 'on', '*', '11', 'not-an-address', '10.0.0.0/99'])('refuses %j', (raw) => {
    expect(parseTrustProxy(raw)).toHaveProperty('error');
  });

  it('makes the server refuse to start with TRUST_PROXY=true, saying why', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(32) })).toThrow(/forge its address/);
  });
});

describe('clientAddress', () => {
  // The client claims 6.6.6.6; the proxy in front of us (inject comes from 127.0.0.1) saw 203.0.113.9.
  const spoofed = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
  const cases: [string, TrustProxy, string][] = [
    ['no proxy', false, '127.0.0.1'],
    ['one hop', { hops: 1 }, '203.0.113.9'],
    ['two hops', { hops: 2 }, '6.6.6.6'],
    ['the proxy by address', { addresses: ['127.0.0.1'] }, '203.0.113.9'],
    ['another proxy address', { addresses: ['10.0.0.1'] }, '127.0.0.1'],
  ];
  it.each(cases)('with %s, finds the same address as Fastify’s request.ip', async (_name, trust, expected) => {
    const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
    app.get('/ip', (request) => ({ fastify: request.ip, ours: clientAddress(request.raw, trust) }));
    const reply = await app.inject({ url: '/ip', headers: spoofed });
    expect(reply.json()).toEqual({ fastify: expected, ours: expected });
    await app.close();
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a client that sends its own X-Forwarded-For does not escape the per-address limit', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        // A new made-up address each time, then the one the load balancer really saw.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
