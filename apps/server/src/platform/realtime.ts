import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';

/** Socket.IO on the HTTP server's own port; the player's live progress rooms are added by the player feature. */
export function attachRealtime(server: HttpServer): Server {
  return new Server(server, { path: '/socket.io', serveClient: false });
}
