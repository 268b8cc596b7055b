import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { TrustProxy } from '../config.ts';
import type { RedisLink } from './shared-state/redis-link.ts';
import { clientAddress } from './trust-proxy.ts';

export type Realtime = {
  io: Server;
  /**
   * Disconnects every socket ('io server disconnect': the phone's client connects again, to whichever
   * process the load balancer picks) and stops taking new ones. The HTTP server is left to its owner,
   * which closes it once the requests in flight are answered (io.close() would close it at once and
   * wait for every keep-alive connection).
   */
  close(): Promise<void>;
  /**
   * Sends an event to the other processes' servers (io.serverSideEmit over the Redis adapter), where
   * `io.on(event)` hears it. Alone (no REDIS_URL) there are none, and nothing is sent.
   */
  tellOtherProcesses(event: string, ...args: unknown[]): void;
  /**
   * Disconnects every socket signed in as this user, on every process (through the Redis adapter): a
   * password reset ends the user's sessions, and a socket joined with an old token must not keep
   * receiving what that token opened (a control room's feed, team positions).
   */
  closeUserSockets(userId: string): void;
};

/** The room of a user's signed-in sockets (a control room joins it with the token it watches with). */
export const userRoom = (userId: string): string => `user:${userId}`;

/**
 * Socket.IO on the HTTP server's own port; features add their events on `io`. Handshakes from another
 * site's page are refused (403): WebSocket gets no CORS protection from the browser, so without this
 * a hostile page could open sockets from its visitors' browsers and spend their address's wrong-code
 * allowance.
 */
export function createRealtime(server: HttpServer, options: { publicUrl: string; redis?: RedisLink | null }): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      const allowed = isAllowedSocketOrigin(request.headers.origin, options.publicUrl);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
  const adapterConnections = options.redis ? attachRedisAdapter(io, options.redis) : [];
  return {
    io,
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
      for (const connection of adapterConnections) connection.disconnect();
    },
    tellOtherProcesses: (event, ...args) => {
      if (options.redis) io.serverSideEmit(event, ...args);
    },
    closeUserSockets: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };
}

/**
 * With Redis, an event for a room reaches its sockets on every process (@socket.io/redis-adapter);
 * the process's own sockets get it directly, so while Redis is away they still do. The adapter does
 * not wait for its publish: its connection fails at once while Redis is away, and that failure is
 * swallowed here rather than left as an unhandled rejection.
 *
 * The adapter publishes on a connection of its own that pipelines by itself: one change of a play
 * publishes several events (to the play's phones, to the control room, to the other processes'
 * copies of the standings), and under load many changes land in one tick, so they go to Redis in one
 * write instead of one each. Its other commands (the limits' counts and scripts) keep their own
 * connection, whose order they rely on. Returns the adapter's connections, to close with it.
 */
function attachRedisAdapter(io: Server, link: RedisLink): Redis[] {
  const pipelined = link.client.duplicate({ enableAutoPipelining: true });
  pipelined.on('error', () => undefined);
  pipelined.connect().catch(() => undefined);
  const publisher = new Proxy(pipelined, {
    get(target, property) {
      if (property === 'publish') return (...args: Parameters<Redis['publish']>) => target.publish(...args).catch(() => 0);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const subscriber = link.subscriber.duplicate();
  subscriber.on('error', () => undefined);
  subscriber.connect().catch(() => undefined);
  io.adapter(createAdapter(publisher, quietSubscriptions(subscriber), { key: `${link.prefix}socket.io` }));
  return [pipelined, subscriber];
}

const SUBSCRIPTION_COMMANDS = new Set<PropertyKey>(['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);

/**
 * The subscriber as the adapter sees it: the adapter neither awaits nor catches its (un)subscriptions,
 * and ioredis rejects those still queued or in flight when the connection is closed (shutdown while
 * Redis is away or just back). That rejection means nothing (the connection subscribes again by itself
 * when it reconnects), so it is swallowed here rather than left unhandled.
 */
export function quietSubscriptions(subscriber: Redis): Redis {
  return new Proxy(subscriber, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!SUBSCRIPTION_COMMANDS.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a handshake's Origin header may open a socket: the app's own origin (PUBLIC_URL), or no
 * Origin at all. A browser always sends Origin on a WebSocket handshake and on a cross-site request,
 * so a page of another site cannot hide it; what comes without one is not a browser page (the tests,
 * `npm run bench`, other servers), and those could send any Origin they liked anyway. When PUBLIC_URL
 * itself is on this machine (development), any local origin may connect: the Vite dev server on its
 * own port proxies the socket with the browser's Origin.
 */
export function isAllowedSocketOrigin(origin: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  const own = new URL(publicUrl);
  if (origin === own.origin) return true;
  if (!LOOPBACK_HOSTS.has(own.hostname)) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}


/** The client's IP exactly as Fastify's `request.ip` sees it, with the same TRUST_PROXY. Rate limits key on it. */
export function socketClientIp(socket: Pick<Socket, 'request'>, trust: TrustProxy): string {
  return clientAddress(socket.request, trust);
}
