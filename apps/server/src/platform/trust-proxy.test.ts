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

  /** `count` calls, each from a new address of one IPv6 /64 (a host holds a whole /64): their statuses. */
  const fromOneSixtyFour = async (count: number, call: (ip: string) => Promise<number>) => {
    const statuses: number[] = [];
    for (let i = 1; i <= count; i++) statuses.push(await call(`2001:db8:77:${i % 2 ? '1' : '0001'}::${i.toString(16)}`));
    return statuses;
  };

  it('an IPv6 client that takes a new address of its /64 for every login does not escape the per-address limit', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const app = t.app;
    const login = async (ip: string) =>
      (await app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': ip }, payload: { email: 'nobody@example.com', password: 'wrong-password-1' } })).statusCode;
    const statuses = await fromOneSixtyFour(12, login);
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another /64 is someone else.
    expect(await login('2001:db8:77:2::1')).not.toBe(429);
  });

  it('a route counted per user counts a caller without a valid token by its /64 too', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const app = t.app;
    const autoLogin = async (ip: string) =>
      (await app.inject({ method: 'POST', url: '/api/auto-login', headers: { 'x-forwarded-for': ip, 'x-access-token': 'garbage' }, payload: {} })).statusCode;
    const statuses = await fromOneSixtyFour(11, autoLogin);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('an IPv4-mapped IPv6 address shares the IPv4 address’s count', async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    const app = t.app;
    const login = async (ip: string) =>
      (await app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': ip }, payload: { email: 'nobody@example.com', password: 'wrong-password-1' } })).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await login(i % 2 ? '203.0.113.77' : '::ffff:203.0.113.77'));
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
