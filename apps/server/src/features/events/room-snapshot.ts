import { mergeTeamChange, withPosition, type EventTeam, type FeedItem, type TeamPositionUpdate } from '@streethunt/shared';
import type { Realtime } from '../../platform/realtime.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';

/**
 * Each process keeps a copy of every watched event's standings (its teams as the control room shows
 * them, and the newest feed lines), so the control room's read and the leaderboard on a thousand
 * teams' phones cost no query. It is built once from the database, then kept current by the same changes the control
 * room's socket carries: this process's own at once, the other processes' through the socket.io Redis
 * adapter. A copy older than ROOM_SNAPSHOT_MS is built again, which bounds what a change lost on the
 * way (Redis away) can leave wrong; a change of the event itself (its end, more time, a team
 * disqualified) drops it everywhere.
 *
 * Only the first read of an event waits for its copy. An old copy is built again in the background
 * while reads go on getting it (kept current as before): a thousand teams' read and scoring took the
 * control room's read, and every change waiting behind it, from milliseconds to a second, twice a
 * minute. A copy nobody reads for ROOM_UNREAD_MS is let go.
 */
export const ROOM_SNAPSHOT_MS = 15_000;
const ROOM_UNREAD_MS = 60_000;

export type RoomBase = { teams: EventTeam[]; feed: FeedItem[] };

type Stamped<T> = { value: T; at: number };
type Snapshot = { teams: Map<string, Stamped<EventTeam>>; feed: FeedItem[]; feedMax: number };
type Pending = { kind: 'team'; team: EventTeam; at: number } | { kind: 'feed'; item: FeedItem } | { kind: 'positions'; updates: TeamPositionUpdate[] };
/** An event's copy (none until the first build ends), and the build under way, with the changes that came meanwhile. */
type Entry = { ready: Snapshot | null; builtAt: number; building: { promise: Promise<Snapshot>; pending: Pending[] } | null };

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

function apply(snapshot: Snapshot, change: Pending): void {
  if (change.kind === 'team') applyTeam(snapshot, change.team, change.at);
  else if (change.kind === 'positions') applyPositions(snapshot, change.updates);
  else applyFeed(snapshot, change.item);
}

export class RoomSnapshots {
  private readonly entries: TtlMap<string, Entry>;

  constructor(private readonly now: () => number = Date.now) {
    this.entries = new TtlMap<string, Entry>(ROOM_UNREAD_MS, 1_000, now);
  }

  /** The event's standings: the kept copy (built again in the background when old), or the first one built by `read` (one read at a time per event). */
  async read(eventId: string, read: () => Promise<RoomBase>, feedMax: number): Promise<RoomBase> {
    let entry = this.entries.get(eventId);
    if (!entry) {
      entry = { ready: null, builtAt: 0, building: null };
      this.entries.set(eventId, entry);
    }
    let snapshot = entry.ready;
    if (!snapshot) snapshot = await (entry.building ?? this.build(eventId, entry, read, feedMax)).promise;
    else if (!entry.building && this.now() - entry.builtAt >= ROOM_SNAPSHOT_MS) {
      // Still read by someone: kept (its unread time starts again) while the new copy is built.
      this.entries.set(eventId, entry);
      // A failed build leaves the old copy in use; the next read tries again.
      this.build(eventId, entry, read, feedMax).promise.catch(() => undefined);
    }
    return { teams: [...snapshot.teams.values()].map((team) => team.value), feed: snapshot.feed };
  }

  private build(eventId: string, entry: Entry, read: () => Promise<RoomBase>, feedMax: number): NonNullable<Entry['building']> {
    const startedAt = this.now();
    const pending: Pending[] = [];
    const promise = read().then(
      (base) => {
        const snapshot: Snapshot = { teams: new Map(base.teams.map((team) => [team.id, { value: team, at: startedAt }])), feed: base.feed, feedMax };
        for (const change of pending) apply(snapshot, change);
        entry.building = null;
        if (this.entries.get(eventId) === entry) Object.assign(entry, { ready: snapshot, builtAt: startedAt });
        return snapshot;
      },
      (error: unknown) => {
        entry.building = null;
        if (!entry.ready && this.entries.get(eventId) === entry) this.entries.delete(eventId);
        throw error;
      },
    );
    entry.building = { promise, pending };
    return entry.building;
  }

  /** A change: into the copy in use, and into the one being built, where this process holds the event. */
  private change(eventId: string, change: Pending): void {
    const entry = this.entries.get(eventId);
    if (!entry) return;
    if (entry.ready) apply(entry.ready, change);
    entry.building?.pending.push(change);
  }

  /** A team's new state, computed at `at` (ms): kept where this process holds the event. */
  team(eventId: string, team: EventTeam, at: number): void {
    this.change(eventId, { kind: 'team', team, at });
  }

  feed(eventId: string, item: FeedItem): void {
    this.change(eventId, { kind: 'feed', item });
  }

  position(eventId: string, teamId: string): EventTeam['position'] | undefined {
    return this.entries.get(eventId)?.ready?.teams.get(teamId)?.value.position;
  }

  /** Positions that came in: the teams move where this process holds the event. */
  positions(eventId: string, updates: TeamPositionUpdate[]): void {
    this.change(eventId, { kind: 'positions', updates });
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
