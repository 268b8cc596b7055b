import { PROGRESS_EVENT, type Progress } from '@streethunt/shared';
import type { Server } from 'socket.io';

/**
 * Live progress (DESIGN.md section 4): every device holding a code shares one play, and each play
 * has one Socket.IO room. A socket joins it only after the server has checked the code
 * (WATCH_EVENT, see watch.ts); the plays service emits PROGRESS_EVENT after every change. The event
 * names and payloads are the shared package's (live-events.ts).
 */

export type PlayKey = { gameId: string; codeId: string };

const ROOM_PREFIX = 'play:';

export function playRoom({ gameId, codeId }: PlayKey): string {
  return `${ROOM_PREFIX}${gameId}:${codeId}`;
}

export function isPlayRoom(room: string): boolean {
  return room.startsWith(ROOM_PREFIX);
}

/** Tells every device of the play, on every server process (the Redis adapter, with REDIS_URL). */
export function emitProgress(io: Server, play: PlayKey, progress: Progress): void {
  io.to(playRoom(play)).emit(PROGRESS_EVENT, progress);
}
