import { EVENT_WATCH_EVENT, TEAM_POSITION_EVENT } from '@streethunt/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Server, Socket } from 'socket.io';
import type { Services } from '../../services.ts';
import { readSession } from '../../platform/access.ts';
import { userRoom } from '../../platform/realtime.ts';
import { SocketSessions } from '../../platform/socket-sessions.ts';
import type { CodeGate } from '../codes/service.ts';
import { isEventRoom, eventRoom } from './live.ts';
import { mayWatch, recordPosition } from './service.ts';

type SocketDeps = Pick<Services, 'db' | 'realtime' | 'shared' | 'signer'> & { codes: CodeGate; log: Pick<FastifyBaseLogger, 'error'> };

const watchSchema = z.object({ eventId: z.string().min(1).max(64), token: z.string().min(1).max(2048) });
const positionSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/**
 * One team's positions are taken at most this often, whatever number of phones (sockets) send them:
 * across processes through Redis; while Redis is away each process counts on its own (the shared
 * window counter's fallback).
 */
export const TEAM_POSITION_MIN_GAP_MS = 2_000;

type EventWatchAck = { ok: true } | { ok: false; code: 'validation' | 'forbidden' | 'internal' };

/**
 * The control room's socket (`event:watch` with the organiser's access token: it joins the event's
 * room when the token is the organiser's or an admin's) and the team phones' positions (from a socket
 * that watches its play: progress:watch checked its code and left it in socket.data).
 */
export function registerEventSockets(io: Server, deps: SocketDeps): void {
  // One rate per team, not per socket: a team's many phones (sockets) share it, on every process (Redis).
  // The first hit of a window takes the position; the window ends the gap after it.
  const positionsOf = deps.shared.windowCounter('team-position');
  // A control room's token is checked again while its socket stays open: a password set elsewhere (the CLI) closes it too.
  const sessions = new SocketSessions(deps.db, deps.log);
  io.on('connection', (socket: Socket) => {
    socket.on(EVENT_WATCH_EVENT, async (payload: unknown, ack: unknown) => {
      const reply = (answer: EventWatchAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      const parsed = watchSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'validation' });
      try {
        const session = await readSession(deps, parsed.data.token);
        if (!session || !(await mayWatch(deps.db, session, parsed.data.eventId))) return reply({ ok: false, code: 'forbidden' });
        for (const joined of socket.rooms) if (isEventRoom(joined)) await socket.leave(joined);
        // In the user's room too: a password reset closes the socket (Realtime.closeUserSockets). And kept
        // with its token version: a change that bumps it where no signal reaches this process closes it too.
        await socket.join([eventRoom(parsed.data.eventId), userRoom(session.userId)]);
        sessions.track(socket, session);
        reply({ ok: true });
      } catch (error) {
        deps.log.error({ err: error }, 'event:watch failed');
        reply({ ok: false, code: 'internal' });
      }
    });

    socket.on(TEAM_POSITION_EVENT, (payload: unknown) => {
      const code = (socket.data as { code?: Parameters<typeof recordPosition>[1] }).code;
      const parsed = positionSchema.safeParse(payload);
      if (!code || !parsed.success) return;
      positionsOf
        .hit(code.id, TEAM_POSITION_MIN_GAP_MS)
        .then(({ count }) => count === 1 && recordPosition(deps, code, parsed.data))
        .catch((error: unknown) => deps.log.error({ err: error }, 'could not record a team position'));
    });
  });
}
