import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient } from 'socket.io-client';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { privateRedis } from '../test/redis-server.ts';
import { createRealtime, socketClientIp } from './realtime.ts';
import { connectRedis } from './shared-state/redis-link.ts';

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

  it('with Redis, publishes a tick’s room events in one pipeline, and the other process gets them all, in order', async () => {
    const redis = await privateRedis();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const links = await Promise.all([0, 1].map(() => connectRedis({ url: redis.url, prefix: 'pipelined:', log, optional: false })));
    const servers = [createServer(), createServer()];
    const [sender, receiver] = servers.map((server, i) => createRealtime(server, { publicUrl: 'http://127.0.0.1:3000', redis: links[i] }));
    try {
      receiver.io.on('connection', (socket) => {
        void socket.join('room');
        socket.emit('joined');
      });
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
      const { port } = servers[1].address() as AddressInfo;
      const client = connectClient(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      await new Promise<void>((resolve) => client.once('joined', () => resolve()));
      // Until both adapters hear each other, an emit may find no subscriber yet.
      const adapter = sender.io.of('/').adapter as unknown as { pubClient: Redis; serverCount(): Promise<number> };
      await expect.poll(() => adapter.serverCount(), { timeout: 5_000 }).toBe(2);
      const received: number[] = [];
      const all = new Promise<void>((resolve) => client.on('n', (n: number) => received.push(n) === 100 && resolve()));
      for (let n = 0; n < 100; n++) sender.io.to('room').emit('n', n);
      // Read back: the hundred publishes wait together for the one write of the tick's pipeline.
      expect(adapter.pubClient.options.enableAutoPipelining).toBe(true);
      expect(adapter.pubClient.autoPipelineQueueSize).toBe(100);
      await all;
      expect(received).toEqual(Array.from({ length: 100 }, (_, n) => n));
      client.disconnect();
    } finally {
      await Promise.all([sender, receiver].map((realtime) => realtime.close()));
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all(links.map((link) => link.close()));
      await redis.stop();
    }
  });
});
