import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

/** SIGTERM on a real server process (src/main.ts): what a deploy or an orchestrator does. */
describe('graceful shutdown', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ LOG_LEVEL: 'info', TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(() => server.stop());

  it('finishes the requests in flight, closes the sockets so phones reconnect elsewhere, refuses new work and exits 0 within 10 s', async () => {
    const socket = connectClient(server.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const disconnected = new Promise<{ reason: string; at: number }>((resolve) => socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })));
    // An idle keep-alive connection, as a browser holds one.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Logins hash a password (tens of milliseconds each): in flight when the signal comes.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'not-the-password' }),
      }).then(
        async (response) => ({ status: response.status, connection: response.headers.get('connection'), body: (await response.json()) as { code?: string } }),
        (error: Error) => ({ status: 0, connection: null, body: { code: error.message } }),
      ),
    );
    // Signal only once the server has taken all eight (it logs each request as it comes in).
    const received = () => server.output().split('\n').filter((line) => line.includes('"msg":"incoming request"') && line.includes('"url":"/api/login"')).length;
    for (const started = Date.now(); received() < 8; ) {
      if (Date.now() - started > 10_000) throw new Error(`the server took ${received()} of 8 logins. Output:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const answered = await Promise.all(inFlight);
    expect(answered.map((a) => a.status)).toEqual(Array(8).fill(401));
    // Those answered after the signal close their keep-alive connection, which would otherwise hold the
    // server open (the quick exit below proves none did); one done before the signal may keep it.
    expect(answered.filter((a) => a.connection === 'close').length).toBeGreaterThan(0);
    const { reason, at } = await disconnected;
    // The server closed it (a phone's client reconnects, to whichever process the balancer picks).
    expect(reason).toBe('io server disconnect');
    expect(at - signalledAt).toBeLessThan(2_000);
    const { code, signal } = await server.exited();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    // It said so, in JSON lines.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string });
    expect(lines.find((line) => line.msg.startsWith('shutting down'))).toMatchObject({ signal: 'SIGTERM' });
    expect(lines.at(-1)?.msg).toBe('stopped');
  }, 30_000);
});
