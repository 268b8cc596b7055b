import type { EventTeam, FeedItem, TeamPositionUpdate } from '@streethunt/shared';
import type { RoomChanges } from './control-room-updates.ts';

/** The control room draws what came over the socket at most this often. */
export const ROOM_DRAW_MS = 250;

type RoomChangeBuffer = {
  team(team: EventTeam): void;
  feed(item: FeedItem): void;
  positions(updates: TeamPositionUpdate[]): void;
  /** Drops what is waiting and stops. */
  stop(): void;
};

/**
 * Gathers the socket's changes and hands them over together, at most every `everyMs`: the first change
 * after a quiet moment waits at most that long, and a thousand teams' changes make a few drawings a
 * second instead of hundreds.
 */
export function bufferRoomChanges(flush: (changes: RoomChanges) => void, everyMs = ROOM_DRAW_MS): RoomChangeBuffer {
  let waiting: RoomChanges = { teams: [], feed: [], positions: [] };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      const changes = waiting;
      waiting = { teams: [], feed: [], positions: [] };
      flush(changes);
    }, everyMs);
  };
  return {
    team(team) {
      waiting.teams.push(team);
      schedule();
    },
    feed(item) {
      waiting.feed.push(item);
      schedule();
    },
    positions(updates) {
      waiting.positions.push(...updates);
      schedule();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting = { teams: [], feed: [], positions: [] };
    },
  };
}
