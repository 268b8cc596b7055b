import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { TrustProxy } from '../config.ts';
import { clientAddress } from './trust-proxy.ts';

export type Realtime = {
  io: Server;
  close(): Promise<void>;
};

/**
 * Socket.IO on the HTTP server's own port; features add their events on `io`. Handshakes from another
 * site's page are refused (403): WebSocket gets no CORS protection from the browser, so without this
 * a hostile page could open sockets from its visitors' browsers and spend their address's wrong-code
 * allowance.
 */
export function createRealtime(server: HttpServer, options: { publicUrl: string }): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      const allowed = isAllowedSocketOrigin(request.headers.origin, options.publicUrl);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });
  return {
    io,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
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
