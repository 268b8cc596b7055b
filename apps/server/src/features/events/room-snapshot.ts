import { mergeTeamChange, withPosition, type EventTeam, type FeedItem, type TeamPositionUpdate } from '@streethunt/shared';
import type { Realtime } from '../../platform/realtime.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';

/**
 * Each process keeps a copy of every watched event's standings (its teams as the control room shows
 * them, and the newest feed lines), so the control room's read and the leaderboard on a thousand
 * teams' phones cost no query. It is built once from the database, then kept current by the same changes the control
 * room's socket carries: this process's own at once, the other processes' through the socket.io Redis
 * adapter. A copy lives ROOM_SNAPSHOT_MS at most and is then built again, which bounds what a change
 * lost on the way (Redis away) can leave wrong; a change of the event itself (its end, more time, a
 * team disqualified) drops it everywhere.
 */
const ROOM_SNAPSHOT_MS = 15_000;

export type RoomBase = { teams: EventTeam[]; feed: FeedItem[] };

type Stamped<T> = { value: T; at: number };
type Snapshot = { teams: Map<string, Stamped<EventTeam>>; feed: FeedItem[]; feedMax: number };
type Entry = { ready: Snapshot } | { building: Promise<Snapshot>; startedAt: number; pending: Pending[] };
type Pending = { kind: 'team'; team: EventTeam; at: number } | { kind: 'feed'; item: FeedItem } | { kind: 'positions'; updates: TeamPositionUpdate[] };

/** What the processes tell each other (serverSideEmit); each ignores its own. */
const TEAM_CHANGED = 'standings:team';
const FEED_ADDED = 'standings:feed';
const ROOM_DROPPED = 'standings:drop';
const POSITIONS_MOVED = 'standings:positions';

const newestFirst = (a: FeedItem, b: FeedItem) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1);

function applyTeam(snapshot: Snapshot, team: EventTeam, at: number): void {
  const kept = snapshot.teams.get(team.id);
  // A change computed before the copy's own read (it arrived while the copy was built) is older than it.
  if (kept && kept.at > at) return;
  // Positions come apart from the other changes: a change never takes the team back to an older one.
  snapshot.teams.set(team.id, { value: mergeTeamChange(kept?.value, team), at });
}

function applyPositions(snapshot: Snapshot, updates: readonly TeamPositionUpdate[]): void {
  for (const update of updates) {
    const kept = snapshot.teams.get(update.teamId);
    if (kept) kept.value = withPosition(kept.value, update);
  }
}

function applyFeed(snapshot: Snapshot, item: FeedItem): void {
  if (snapshot.feed.some((line) => line.id === item.id)) return;
  snapshot.feed = [item, ...snapshot.feed].sort(newestFirst).slice(0, snapshot.feedMax);
}

export class RoomSnapshots {
  private readonly entries = new TtlMap<string, Entry>(ROOM_SNAPSHOT_MS, 1_000);

  /** The event's standings: the kept copy, or one built by `read` (one read at a time per event). */
  async read(eventId: string, read: () => Promise<RoomBase>, feedMax: number): Promise<RoomBase> {
    const entry = this.entries.get(eventId);
    const snapshot = entry ? ('ready' in entry ? entry.ready : await entry.building) : await this.build(eventId, read, feedMax);
    return { teams: [...snapshot.teams.values()].map((team) => team.value), feed: snapshot.feed };
  }

  private build(eventId: string, read: () => Promise<RoomBase>, feedMax: number): Promise<Snapshot> {
    const startedAt = Date.now();
    const pending: Pending[] = [];
    const building = read().then(
      (base) => {
        const snapshot: Snapshot = { teams: new Map(base.teams.map((team) => [team.id, { value: team, at: startedAt }])), feed: base.feed, feedMax };
        for (const change of pending) {
          if (change.kind === 'team') applyTeam(snapshot, change.team, change.at);
          else if (change.kind === 'positions') applyPositions(snapshot, change.updates);
          else applyFeed(snapshot, change.item);
        }
        if (this.entries.get(eventId) === entry) this.entries.set(eventId, { ready: snapshot });
        return snapshot;
      },
      (error: unknown) => {
        if (this.entries.get(eventId) === entry) this.entries.delete(eventId);
        throw error;
      },
    );
    const entry: Entry = { building, startedAt, pending };
    this.entries.set(eventId, entry);
    return building;
  }

  /** A team's new state, computed at `at` (ms): kept where this process holds the event. */
  team(eventId: string, team: EventTeam, at: number): void {
    const entry = this.entries.get(eventId);
    if (!entry) return;
    if ('ready' in entry) applyTeam(entry.ready, team, at);
    else entry.pending.push({ kind: 'team', team, at });
  }

  feed(eventId: string, item: FeedItem): void {
    const entry = this.entries.get(eventId);
    if (!entry) return;
    if ('ready' in entry) applyFeed(entry.ready, item);
    else entry.pending.push({ kind: 'feed', item });
  }

  position(eventId: string, teamId: string): EventTeam['position'] | undefined {
    const entry = this.entries.get(eventId);
    return entry && 'ready' in entry ? entry.ready.teams.get(teamId)?.value.position : undefined;
  }

  /** Positions that came in: the teams move where this process holds the event. */
  positions(eventId: string, updates: TeamPositionUpdate[]): void {
    const entry = this.entries.get(eventId);
    if (!entry) return;
    if ('ready' in entry) applyPositions(entry.ready, updates);
    else entry.pending.push({ kind: 'positions', updates });
  }

  drop(eventId: string): void {
    this.entries.delete(eventId);
  }
}

/** One set of copies per database handle, like the other caches (each test app has its own). */
const snapshotsOf = perOwner((_db: object) => new RoomSnapshots());
/** Which servers already hear the other processes' changes. */
const listening = new WeakSet<object>();

/** The copies of this database, kept current with the other processes' changes over `realtime`. */
export function roomSnapshots(db: object, realtime: Realtime): StandingsNotes {
  const snapshots = snapshotsOf(db);
  const { io } = realtime;
  if (!listening.has(io)) {
    listening.add(io);
    io.on(TEAM_CHANGED, (eventId: string, team: EventTeam, at: number) => snapshots.team(eventId, team, at));
    io.on(FEED_ADDED, (eventId: string, item: FeedItem) => snapshots.feed(eventId, item));
    io.on(ROOM_DROPPED, (eventId: string) => snapshots.drop(eventId));
    io.on(POSITIONS_MOVED, (eventId: string, updates: TeamPositionUpdate[]) => snapshots.positions(eventId, updates));
  }
  const tellOthers = realtime.tellOtherProcesses;
  return {
    read: (eventId, read, feedMax) => snapshots.read(eventId, read, feedMax),
    team(eventId, team, at) {
      snapshots.team(eventId, team, at);
      tellOthers(TEAM_CHANGED, eventId, team, at);
    },
    feed(eventId, item) {
      snapshots.feed(eventId, item);
      tellOthers(FEED_ADDED, eventId, item);
    },
    positions(eventId, updates) {
      snapshots.positions(eventId, updates);
      tellOthers(POSITIONS_MOVED, eventId, updates);
    },
    drop(eventId) {
      snapshots.drop(eventId);
      tellOthers(ROOM_DROPPED, eventId);
    },
    newestPosition: (eventId, teamId) => snapshots.position(eventId, teamId),
  };
}

export type StandingsNotes = {
  read: RoomSnapshots['read'];
  team(eventId: string, team: EventTeam, at: number): void;
  feed(eventId: string, item: FeedItem): void;
  positions(eventId: string, updates: TeamPositionUpdate[]): void;
  drop(eventId: string): void;
  /** The team's position in this process's copy, if it holds the event. */
  newestPosition(eventId: string, teamId: string): EventTeam['position'] | undefined;
};
