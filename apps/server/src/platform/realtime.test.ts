import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createRealtime, socketClientIp } from './realtime.ts';

describe('realtime', () => {
  it('serves Socket.IO on the HTTP server’s own port and closes with it', async () => {
    const server = createServer();
    const realtime = createRealtime(server, { publicUrl: 'http://127.0.0.1:3000' });
    realtime.io.on('connection', (socket) => socket.on('ping', (ack: (reply: string) => void) => ack('pong')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = connectClient(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    expect(await client.timeout(2000).emitWithAck('ping')).toBe('pong');
    const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));
    await realtime.close();
    expect(await disconnected).toBe('io server disconnect');
    // The HTTP server is its owner's to close (Fastify, after the requests in flight).
    expect(server.listening).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the client IP of a real handshake as Fastify does: the forwarded address only as far as the trusted hops', async () => {
    const server = createServer();
    const realtime = createRealtime(server, { publicUrl: 'http://127.0.0.1:3000' });
    const seen: Record<string, string> = {};
    realtime.io.on('connection', (socket) => {
      seen.none = socketClientIp(socket, false);
      seen.oneHop = socketClientIp(socket, { hops: 1 });
      seen.twoHops = socketClientIp(socket, { hops: 2 });
      seen.loopback = socketClientIp(socket, { addresses: ['loopback'] });
      socket.emit('seen');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The client claims 6.6.6.6; the one proxy in front of us (here: loopback) saw 203.0.113.9.
    const client = connectClient(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    });
    await new Promise<void>((resolve) => client.once('seen', () => resolve()));
    expect(seen).toEqual({ none: '127.0.0.1', oneHop: '203.0.113.9', twoHops: '6.6.6.6', loopback: '203.0.113.9' });
    client.disconnect();
    await realtime.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
