import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { clientAddress, type TrustProxy } from './trust-proxy.ts';

export type Realtime = {
  io: Server;
  close(): Promise<void>;
};

/** Socket.IO on the HTTP server's own port; features add their events on `io`. */
export function createRealtime(server: HttpServer): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  return {
    io,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** The client's IP exactly as Fastify's `request.ip` sees it, with the same TRUST_PROXY. Rate limits key on it. */
export function socketClientIp(socket: Pick<Socket, 'request'>, trust: TrustProxy): string {
  return clientAddress(socket.request, trust);
}
