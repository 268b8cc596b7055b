import { WATCH_EVENT, watchRequestSchema, type WatchAck } from '@streethunt/shared';
import type { Server, Socket } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { socketClientIp } from '../../platform/realtime.ts';
import type { TrustProxy } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import type { CodeGate, GameCode } from '../codes/service.ts';
import { isPlayRoom, playRoom } from './live.ts';
import { progressForCode } from './play-progress.ts';
import { assertTrialRunning } from './trial-gate.ts';

/** What else a watch that was let in joins (an event team's phone: its event's team room); wired where the routes are built. */
export type OnWatched = (socket: Socket, code: GameCode) => Promise<void>;

type WatchDeps = { db: Db; codes: CodeGate; trustProxy: TrustProxy; log: { error(details: object, message: string): void }; onWatched?: OnWatched };

/**
 * progress:watch `{ gameId, secretCode, grant? }` + ack: checks the code (the same check and wrong-code limit as HTTP),
 * then moves the socket into the play's room and acks the current progress. A socket watches one
 * play at a time; a wrong code joins nothing.
 */
export function registerProgressWatch(io: Server, deps: WatchDeps): void {
  io.on('connection', (socket: Socket) => {
    socket.on(WATCH_EVENT, async (payload: unknown, ack: unknown) => {
      const reply = (answer: WatchAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      const parsed = watchRequestSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'validation' });
      try {
        const code = await deps.codes.check({
          gameId: parsed.data.gameId,
          typed: parsed.data.secretCode,
          client: socketClientIp(socket, deps.trustProxy),
          grant: parsed.data.grant,
        });
        if (!code) return reply({ ok: false, code: 'wrong_code' });
        // A trial past its 24 hours is watched no more, as it is played no more.
        assertTrialRunning(code);
        const room = playRoom({ gameId: code.gameId, codeId: code.id });
        for (const joined of socket.rooms) if (isPlayRoom(joined) && joined !== room) await socket.leave(joined);
        await socket.join(room);
        // What the socket's later messages (an event team's position) act for.
        (socket.data as { code?: typeof code }).code = code;
        await deps.onWatched?.(socket, code);
        reply({ ok: true, progress: await progressForCode(deps.db, code) });
      } catch (error) {
        if (error instanceof AppError && (error.code === 'rate_limited' || error.code === 'code_refunded' || error.code === 'trial_expired')) return reply({ ok: false, code: error.code });
        deps.log.error({ err: error }, 'progress:watch failed');
        reply({ ok: false, code: 'internal' });
      }
    });
  });
}
