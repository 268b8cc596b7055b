/**
 * One of the client processes of `npm run bench:soak`'s idle run (bench/soak.ts forks a few, so no
 * process needs all 10,000 descriptors): opens `count` Socket.IO sockets (websocket transport, no
 * watch, no reconnection), reports how many connected, then on request how many are still connected
 * and how many dropped, and closes them. Bounded: every connect has a timeout.
 */
import { io as connectClient, type Socket } from 'socket.io-client';
import { openFilesLimit } from './proc-stats.ts';

export type ToClients = { type: 'open'; url: string; count: number; batch: number } | { type: 'check' } | { type: 'close' };
export type FromClients =
  | { type: 'opened'; connected: number; failed: number; firstError?: string; ms: number }
  | { type: 'status'; connected: number; disconnects: number; reasons: Record<string, number> }
  | { type: 'closed' }
  | { type: 'error'; message: string };

const send = (message: FromClients) => process.send?.(message);
const CONNECT_TIMEOUT_MS = 20_000;

const sockets: Socket[] = [];
let closing = false;
let disconnects = 0;
const reasons: Record<string, number> = {};

async function open(url: string, count: number, batch: number) {
  const { soft } = openFilesLimit();
  if (soft < count + 100) {
    send({ type: 'error', message: `this client process may open ${soft} files (ulimit -n) but is to hold ${count} sockets` });
    return;
  }
  const started = performance.now();
  let failed = 0;
  let firstError: string | undefined;
  for (let from = 0; from < count; from += batch) {
    const size = Math.min(batch, count - from);
    await Promise.all(
      Array.from({ length: size }, async () => {
        const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: CONNECT_TIMEOUT_MS });
        try {
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          });
          sockets.push(socket);
          socket.on('disconnect', (reason) => {
            if (closing) return;
            disconnects += 1;
            reasons[reason] = (reasons[reason] ?? 0) + 1;
          });
        } catch (error) {
          failed += 1;
          firstError ??= String((error as Error).message ?? error);
          socket.close();
        }
      }),
    );
  }
  send({ type: 'opened', connected: sockets.length, failed, firstError, ms: performance.now() - started });
}

process.on('message', async (message: ToClients) => {
  try {
    if (message.type === 'open') await open(message.url, message.count, message.batch);
    else if (message.type === 'check') send({ type: 'status', connected: sockets.filter((s) => s.connected).length, disconnects, reasons });
    else if (message.type === 'close') {
      closing = true;
      for (const socket of sockets) socket.disconnect();
      send({ type: 'closed' });
      // Let the close frames go out before leaving.
      setTimeout(() => process.exit(0), 500);
    }
  } catch (error) {
    send({ type: 'error', message: String((error as Error).stack ?? error) });
  }
});
// The parent going away ends this process too.
process.on('disconnect', () => process.exit(0));
