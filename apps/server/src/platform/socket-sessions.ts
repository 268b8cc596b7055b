import { inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** How often a process re-reads the token versions of the users its signed-in sockets belong to. */
export const SOCKET_SESSION_CHECK_MS = 5_000;

type Session = { userId: string; tokenVersion: number };
type Tracked = Session & { socket: Pick<Socket, 'id' | 'disconnect'> };
type Logger = { error(details: object, message: string): void };

/**
 * Sockets signed in with a user's access token (a control room) keep what the token opened only while
 * the token is good. A password reset on this server closes them at once (Realtime.closeUserSockets,
 * on every process through Redis), but a change made where no socket server runs (the CLI's
 * create-admin, on the same database) only bumps the user's token version in the database, as every
 * password change does. So each process re-reads, every SOCKET_SESSION_CHECK_MS while it holds any
 * signed-in socket, the versions of those sockets' users (one query for all) and disconnects every
 * socket signed with an older version, or whose user is gone: the database, not a signal, ends them.
 */
export class SocketSessions {
  private readonly sockets = new Map<string, Tracked>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly intervalMs = SOCKET_SESSION_CHECK_MS,
  ) {}

  /** The socket now holds what `session`'s token opened; it is checked until it disconnects. */
  track(socket: Pick<Socket, 'id' | 'disconnect' | 'once'>, session: Session): void {
    const known = this.sockets.has(socket.id);
    this.sockets.set(socket.id, { socket, userId: session.userId, tokenVersion: session.tokenVersion });
    if (!known) socket.once('disconnect', () => this.forget(socket.id));
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref?.();
    }
  }

  /** Closes the sockets whose token the database no longer honours; how many it closed. */
  check(): Promise<number> {
    this.checking ??= this.closeStale().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sockets.clear();
  }

  private async closeStale(): Promise<number> {
    const tracked = [...this.sockets.values()];
    if (tracked.length === 0) return 0;
    let current: Map<string, number>;
    try {
      const rows = await this.db
        .select({ id: users.id, tokenVersion: users.tokenVersion })
        .from(users)
        .where(inArray(users.id, [...new Set(tracked.map((entry) => entry.userId))]));
      current = new Map(rows.map((row) => [row.id, row.tokenVersion]));
    } catch (error) {
      // The database did not answer: the sockets stay until the next check.
      this.log.error({ err: error }, 'could not check the signed-in sockets’ sessions');
      return 0;
    }
    let closed = 0;
    for (const entry of tracked) {
      if (current.get(entry.userId) === entry.tokenVersion) continue;
      this.forget(entry.socket.id);
      entry.socket.disconnect(true);
      closed += 1;
    }
    return closed;
  }

  private forget(socketId: string): void {
    this.sockets.delete(socketId);
    if (this.sockets.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
