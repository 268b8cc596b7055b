import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';

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

/**
 * The client's IP as Fastify's `request.ip` would see it: behind a trusted proxy the first address of
 * X-Forwarded-For, else the socket's peer address. Rate limits key on it.
 */
export function socketClientIp(socket: Pick<Socket, 'handshake'>, trustProxy: boolean): string {
  if (trustProxy) {
    const header = socket.handshake.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return socket.handshake.address;
}
