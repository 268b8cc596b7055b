import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const metrics = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('counts requests and their latency by route pattern, open sockets and the mail queue, in Prometheus text', async () => {
    await t.app.inject({ method: 'GET', url: '/api/games/0123456789abcdef01234567' });
    await t.app.inject({ method: 'GET', url: '/api/games/76543210fedcba9876543210' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const reply = await metrics();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('no-store');
    const text = reply.body;
    // Two games, one series: the pattern, never the id.
    expect(text).toContain('streethunt_http_requests_total{method="GET",route="/api/games/:gameId",status="404"} 2');
    expect(text).not.toContain('0123456789abcdef01234567');
    // What no route matched is one series, whatever the path.
    expect(text).toContain('streethunt_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).not.toContain('no-such-route');
    expect(text).toMatch(/streethunt_http_request_duration_seconds_count\{method="GET",route="\/api\/games\/:gameId"\} 2/);
    expect(text).toContain('streethunt_open_sockets 1');
    expect(text).toContain('streethunt_mail_queue_depth 0');
    expect(text).toMatch(/streethunt_process_resident_memory_bytes \d+/);
    socket.disconnect();
  });

  it('answers only the addresses METRICS_ALLOW names, by the connection itself, never by X-Forwarded-For', async () => {
    const outside = await metrics('203.0.113.5');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'forbidden' });
    // Behind the trusted proxy the client claims loopback: still the proxy's peer address that counts.
    expect((await metrics('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    // Not in the API's documentation.
    expect(JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json())).not.toContain('/metrics');
  });

  it('METRICS_ALLOW names ranges, or none', async () => {
    const ranged = await buildTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8' } });
    const closed = await buildTestApp({ env: { METRICS_ALLOW: 'none' } });
    try {
      expect((await ranged.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
      expect((await ranged.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
      expect((await closed.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await Promise.all([ranged.close(), closed.close()]);
    }
    expect(() => loadConfig({ DATA_DIR: '/tmp', METRICS_ALLOW: 'not-an-address' })).toThrow(/METRICS_ALLOW/);
  });

  it('with METRICS_TOKEN set, an allowed address must also send Authorization: Bearer <token>, else 401', async () => {
    const token = 'scrape-token-0123456789abcdef';
    // A proxy on this machine: every caller arrives from loopback.
    const guarded = await buildTestApp({ env: { METRICS_ALLOW: 'loopback', METRICS_TOKEN: token } });
    const read = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
      guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    try {
      for (const authorization of [undefined, '', 'Bearer', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, token, 'Bearer wrong-token-of-the-same-length!']) {
        const reply = await read(authorization === undefined ? {} : { authorization });
        expect({ authorization, status: reply.statusCode }).toEqual({ authorization, status: 401 });
        expect(reply.json()).toMatchObject({ code: 'unauthorized' });
        expect(reply.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(reply.body).not.toContain('streethunt_');
      }
      const ok = await read({ authorization: `Bearer ${token}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('streethunt_http_requests_total');
      expect((await read({ authorization: `bearer ${token}` })).statusCode).toBe(200);
      // In addition to the address check, not instead of it.
      expect((await read({ authorization: `Bearer ${token}` }, '203.0.113.5')).statusCode).toBe(403);
    } finally {
      await guarded.close();
    }
  });
});

describe('request ids and JSON logs', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const lines = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logLines });
  });
  afterAll(() => t.close());

  it('gives every request an id, says it in x-request-id and on every log line of the request, and keeps a proxy’s sane one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    const id = fresh.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines().filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged.every((line) => typeof line.level === 'number' && typeof line.time === 'number')).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-2f9c41aa' } })).headers['x-request-id']).toBe('lb-2f9c41aa');
    // Junk (or a log-injection attempt) is not taken.
    const junk = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x"\n{"level":60}' } });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors carry it too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
