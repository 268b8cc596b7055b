import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { isAllowedSocketOrigin } from '../../platform/realtime.ts';

describe('which origins may open a socket', () => {
  it('the app’s own (PUBLIC_URL) and none; on a local PUBLIC_URL any local origin (the Vite dev server)', () => {
    const site = 'https://www.streethunt.co.il';
    expect(isAllowedSocketOrigin(site, site)).toBe(true);
    expect(isAllowedSocketOrigin(undefined, site)).toBe(true);
    for (const foreign of ['https://evil.example', 'http://www.streethunt.co.il', 'https://streethunt.co.il', 'https://www.streethunt.co.il:8443', 'null', 'http://localhost:5173', '']) {
      expect(isAllowedSocketOrigin(foreign, site), foreign).toBe(false);
    }
    const local = 'http://localhost:3000';
    for (const ok of ['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:5173']) {
      expect(isAllowedSocketOrigin(ok, local), ok).toBe(true);
    }
    for (const foreign of ['https://evil.example', 'http://localhost.evil.example', 'null', 'file://', 'chrome-extension://abc']) {
      expect(isAllowedSocketOrigin(foreign, local), foreign).toBe(false);
    }
  });
});

describe('Socket.IO handshakes from other sites', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://play.streethunt.test' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  /** Resolves 'connected' or the connect error's message. */
  const handshake = (transport: 'websocket' | 'polling', origin?: string) =>
    new Promise<string>((resolve) => {
      const socket = connectClient(url, {
        path: '/socket.io',
        transports: [transport],
        forceNew: true,
        reconnection: false,
        ...(origin !== undefined && { extraHeaders: { origin } }),
      });
      sockets.push(socket);
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(`refused: ${error.message}`));
    });

  it.each(['websocket', 'polling'] as const)('over %s: the app’s own origin and none connect; another site’s is refused', async (transport) => {
    expect(await handshake(transport, 'https://play.streethunt.test')).toBe('connected');
    // Node clients (these tests, npm run bench) send no Origin; a browser always does.
    expect(await handshake(transport)).toBe('connected');
    for (const origin of ['https://evil.example', 'http://play.streethunt.test', 'http://localhost:3000', 'null']) {
      expect(await handshake(transport, origin), origin).toMatch(/^refused/);
    }
  });

  it('a refused handshake is a 403 over HTTP', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const own = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'https://play.streethunt.test' } });
    expect(own.status).toBe(200);
  });
});
