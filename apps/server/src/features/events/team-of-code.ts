import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventTeams, events, games, plays } from '../../db/schema.ts';
import { cacheBus } from '../../platform/shared-state/cache-bus.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { gameNameSql } from '../../db/game-name.ts';

type EventRow = typeof events.$inferSelect;
type TeamRow = typeof eventTeams.$inferSelect;
type TeamOfCode = { event: EventRow; team: TeamRow };

/**
 * Which event and team a code plays for, as every change and every position of a team asks (a thousand
 * teams of three phones: 600 positions and a few hundred changes a second). Kept per process; whoever
 * changes an event or one of its teams (its end, its time, a name, a disqualification) calls
 * `forgetEventTeams`, which drops the event's entries on every process through the cache bus. The
 * entries live TEAM_OF_CODE_MS at most, which bounds what a lost message (Redis away) can leave wrong;
 * long enough that a thousand teams' entries, read when their phones connected, do not all expire in
 * the middle of the event at once. Reads of one code at the same moment (a team's three phones) share
 * one query.
 * The row's position is not kept current here: positions have their own keeper (positions.ts).
 */
const TEAM_OF_CODE_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;

type Entry = { found: TeamOfCode | null; generation: number };
/** `generations`: how often each event was forgotten; `forgets`: how often any was (or all were). */
type Cache = { entries: TtlMap<string, Entry>; generations: Map<string, number>; cleared: number; forgets: number; reading: Map<string, { read: Promise<TeamOfCode | null>; forgets: number }> };

const caches = perOwner((db: Db): Cache => {
  const cache: Cache = { entries: new TtlMap(TEAM_OF_CODE_MS, MAX_ENTRIES), generations: new Map(), cleared: 0, forgets: 0, reading: new Map() };
  cacheBus(db).onForget('event', (eventId) => {
    cache.forgets += 1;
    if (eventId === null) {
      cache.entries.clear();
      cache.cleared += 1;
    } else cache.generations.set(eventId, (cache.generations.get(eventId) ?? 0) + 1);
  });
  return cache;
});

/** An entry is stale once its event was forgotten after it was read: the event's generation moved on. */
const generationOf = (cache: Cache, eventId: string | undefined) => (eventId === undefined ? 0 : (cache.generations.get(eventId) ?? 0)) + cache.cleared;

export async function teamOfCode(db: Db, codeId: string): Promise<TeamOfCode | null> {
  const cache = caches(db);
  const kept = cache.entries.get(codeId);
  if (kept && kept.generation === generationOf(cache, kept.found?.event.id)) return kept.found;
  const forgetsBefore = cache.forgets;
  // A read on its way is shared only if nothing was forgotten since it started.
  const inFlight = cache.reading.get(codeId);
  if (inFlight && inFlight.forgets === forgetsBefore) return inFlight.read;
  const read = (async () => {
    const [row] = await db.select({ event: events, team: eventTeams }).from(eventTeams).innerJoin(events, eq(events.id, eventTeams.eventId)).where(eq(eventTeams.codeId, codeId));
    const found = row ?? null;
    // Something forgotten while this read was on its way may be older than the change: not kept then.
    if (cache.forgets === forgetsBefore) cache.entries.set(codeId, { found, generation: generationOf(cache, found?.event.id) });
    return found;
  })();
  cache.reading.set(codeId, { read, forgets: forgetsBefore });
  try {
    return await read;
  } finally {
    if (cache.reading.get(codeId)?.read === read) cache.reading.delete(codeId);
  }
}

/** An event's row and its game's name, as the control room shows them. */
type EventWithName = { event: EventRow; name: string };

/** Events by id, as the control room reads them (every few seconds, with a thousand teams' changes around it). */
const eventRows = perOwner((_db: Db) => new TtlMap<string, { value: EventWithName | null; generation: number }>(TEAM_OF_CODE_MS, 5_000));


/**
 * The event's row and its game's name (null: none), kept until the event is forgotten (forgetEventTeams).
 * The `organiser` access rule reads it before the handler (app.ts), so the service's read that follows finds it kept.
 */
export async function findEvent(db: Db, eventId: string): Promise<EventWithName | null> {
  const cache = caches(db);
  const entries = eventRows(db);
  const kept = entries.get(eventId);
  if (kept && kept.generation === generationOf(cache, eventId)) return kept.value;
  const forgetsBefore = cache.forgets;
  const [found] = await db.select({ event: events, name: gameNameSql }).from(events).innerJoin(games, eq(games.id, events.gameId)).where(eq(events.id, eventId));
  const value = found ?? null;
  if (cache.forgets === forgetsBefore) entries.set(eventId, { value, generation: generationOf(cache, eventId) });
  return value;
}

/** After a change of the event or of one of its teams: every process reads its teams' rows again. */
export function forgetEventTeams(db: Db, eventId: string): void {
  cacheBus(db).forget('event', eventId);
}

/** The start of a team's play (null before it starts): only an event with a time per team needs it. */
export async function playStartOf(db: Db, event: Pick<EventRow, 'timeLimitMinutes'>, code: { id: string; gameId: string }): Promise<Date | null> {
  if (event.timeLimitMinutes === null) return null;
  const [play] = await db.select({ startTime: plays.startTime }).from(plays).where(and(eq(plays.gameId, code.gameId), eq(plays.codeId, code.id)));
  return play?.startTime ?? null;
}
