/**
 * A minimal round-robin TCP proxy for `npm run bench:soak` (bench/soak.ts): each new client connection
 * goes to the next backend and stays there, bytes passed through untouched both ways. HTTP keep-alive
 * and WebSocket upgrades therefore work as they are (a socket.io-client with transports ['websocket']
 * keeps one TCP connection, so it is sticky by construction). It adds no X-Forwarded-For: whatever the
 * client sent reaches the server, as behind a layer-4 load balancer. Loopback only.
 *
 * As a module: startProxy(). Forked (`fork('local-proxy.ts')` with LOCAL_PROXY_BACKENDS="port,port"),
 * it runs in a process of its own so its work does not share the load generator's event loop, sends
 * { type: 'ready', port }, answers { type: 'stats' } with its counts and exits on { type: 'stop' } or
 * when its parent goes away.
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ProxyStats = {
  /** Connections accepted per backend, in the order given. */
  connections: number[];
  /** Of those, the ones whose first request asked for a WebSocket upgrade (the rest are plain HTTP). */
  websockets: number[];
  /**
   * HTTP requests per backend on the plain connections, counted as chunks that begin with a method:
   * near enough for small keep-alive requests, which arrive in one chunk each.
   */
  requests: number[];
  /** Connections open right now. */
  open: number;
  /** Most connections open at once. */
  peakOpen: number;
  /** Connections that ended with an error on either side (a reset at close counts too). */
  errors: number;
};

export type ProxyToParent = { type: 'ready'; port: number } | { type: 'stats'; stats: ProxyStats };
export type ParentToProxy = { type: 'stats' } | { type: 'stop' };

export async function startProxy(backendPorts: number[], host = '127.0.0.1'): Promise<{ port: number; stats(): ProxyStats; close(): Promise<void> }> {
  if (backendPorts.length === 0) throw new Error('the proxy needs at least one backend');
  let next = 0;
  const stats: ProxyStats = { connections: backendPorts.map(() => 0), websockets: backendPorts.map(() => 0), requests: backendPorts.map(() => 0), open: 0, peakOpen: 0, errors: 0 };
  const live = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const backend = next++ % backendPorts.length;
    stats.connections[backend] += 1;
    stats.open += 1;
    stats.peakOpen = Math.max(stats.peakOpen, stats.open);
    const upstream = net.connect({ host, port: backendPorts[backend] });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    live.add(client).add(upstream);
    let failed = false;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      stats.open -= 1;
      if (failed) stats.errors += 1;
      client.destroy();
      upstream.destroy();
      live.delete(client);
      live.delete(upstream);
    };
    const fail = () => {
      failed = true;
      close();
    };
    // Only counted, never changed: the first chunk holds the first request's headers.
    let websocket: boolean | undefined;
    client.on('data', (chunk: Buffer) => {
      if (websocket === undefined) {
        websocket = /\r\nupgrade:\s*websocket/i.test(chunk.toString('latin1', 0, 2048));
        if (websocket) stats.websockets[backend] += 1;
      }
      if (!websocket && /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(chunk.toString('latin1', 0, 8))) stats.requests[backend] += 1;
    });
    client.on('error', fail).on('close', close);
    upstream.on('error', fail).on('close', close);
    // pipe() keeps back-pressure; the end of one side ends the other.
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    port: address.port,
    stats: () => ({ ...stats, connections: [...stats.connections], websockets: [...stats.websockets], requests: [...stats.requests] }),
    close: async () => {
      for (const socket of live) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const send = (message: ProxyToParent) => process.send?.(message);
  const ports = (process.env.LOCAL_PROXY_BACKENDS ?? '').split(',').filter(Boolean).map(Number);
  process.on('disconnect', () => process.exit(0));
  startProxy(ports).then(
    (proxy) => {
      process.on('message', async (message: ParentToProxy) => {
        if (message.type === 'stats') send({ type: 'stats', stats: proxy.stats() });
        else if (message.type === 'stop') {
          await proxy.close();
          process.exit(0);
        }
      });
      send({ type: 'ready', port: proxy.port });
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
