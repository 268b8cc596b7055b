import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createRealtime, socketClientIp } from './realtime.ts';

describe('realtime', () => {
  it('serves Socket.IO on the HTTP server’s own port and closes with it', async () => {
    const server = createServer();
    const realtime = createRealtime(server);
    realtime.io.on('connection', (socket) => socket.on('ping', (ack: (reply: string) => void) => ack('pong')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = connectClient(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    expect(await client.timeout(2000).emitWithAck('ping')).toBe('pong');
    await realtime.close();
    expect(server.listening).toBe(false);
    client.disconnect();
  });

  it('reads the client IP as Fastify does: the forwarded address only behind a trusted proxy', () => {
    const socket = (address: string, forwarded?: string | string[]) =>
      ({ handshake: { address, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } } }) as unknown as Parameters<typeof socketClientIp>[0];
    expect(socketClientIp(socket('10.0.0.1', '203.0.113.9'), false)).toBe('10.0.0.1');
    expect(socketClientIp(socket('10.0.0.1', '203.0.113.9, 10.0.0.2'), true)).toBe('203.0.113.9');
    expect(socketClientIp(socket('10.0.0.1', ['198.51.100.4']), true)).toBe('198.51.100.4');
    expect(socketClientIp(socket('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});
