import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';

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
