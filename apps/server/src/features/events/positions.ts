import { sql } from 'drizzle-orm';
import { EVENT_POSITIONS_EVENT, type TeamPositionUpdate } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { eventTeams } from '../../db/schema.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { perOwner } from '../../platform/ttl-map.ts';
import { eventRoom } from './live.ts';
import { roomSnapshots } from './room-snapshot.ts';

/**
 * The teams' positions. Every playing phone sends one every 5 s: a thousand teams of three make 600 a
 * second, and a query each would take the database from everything else. So a position costs no query
 * as it comes: it is gathered, sent to the control room with the others of the moment (one socket
 * message every POSITIONS_EMIT_MS, not one each), and written with the others every POSITIONS_WRITE_MS
 * in one statement. A process that stops writes what it holds first (`flush`); one that crashes loses
 * at most that last moment of positions, which the next position of each team replaces anyway.
 */
const POSITIONS_EMIT_MS = 25;
const POSITIONS_WRITE_MS = 1_000;

type Pending = TeamPositionUpdate & { eventId: string };

type PositionKeeper = {
  add(eventId: string, update: TeamPositionUpdate): void;
  /** The newest position this process holds for the team that is not written yet. */
  pending(teamId: string): TeamPositionUpdate | undefined;
  /** Sends and writes what it holds now (at shutdown, and where a test must see the row). */
  flush(): Promise<void>;
};

type Logger = { error(details: object, message: string): void };

function createKeeper(db: Db, realtime: Realtime, log: Logger): PositionKeeper {
  let toSend = new Map<string, TeamPositionUpdate[]>();
  let toWrite = new Map<string, Pending>();
  let sendTimer: NodeJS.Timeout | null = null;
  let writeTimer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const send = () => {
    sendTimer = null;
    const batches = toSend;
    toSend = new Map();
    for (const [eventId, updates] of batches) {
      realtime.io.to(eventRoom(eventId)).emit(EVENT_POSITIONS_EVENT, updates);
      roomSnapshots(db, realtime).positions(eventId, updates);
    }
  };

  const write = () => {
    writeTimer = null;
    const rows = [...toWrite.values()];
    toWrite = new Map();
    if (rows.length === 0) return writing;
    // One after another: a later batch never lands before an earlier one. The newer position wins in the row either way.
    writing = writing.then(() => writeRows(db, rows)).catch((error: unknown) => log.error({ err: error, count: rows.length }, 'could not write team positions'));
    return writing;
  };

  return {
    add(eventId, update) {
      const batch = toSend.get(eventId);
      if (batch) batch.push(update);
      else toSend.set(eventId, [update]);
      toWrite.set(update.teamId, { ...update, eventId });
      sendTimer ??= setTimeout(send, POSITIONS_EMIT_MS);
      writeTimer ??= setTimeout(write, POSITIONS_WRITE_MS);
      sendTimer.unref();
      writeTimer.unref();
    },
    pending: (teamId) => toWrite.get(teamId),
    async flush() {
      if (sendTimer) clearTimeout(sendTimer);
      if (writeTimer) clearTimeout(writeTimer);
      send();
      await write();
    },
  };
}

/** One statement for the whole batch; a row keeps a newer position than the batch's (another process's). */
async function writeRows(db: Db, rows: Pending[]): Promise<void> {
  const values = sql.join(
    rows.map((row) => sql`(${row.teamId}, ${row.lat}::float8, ${row.lng}::float8, ${row.at}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${eventTeams} set lat = v.lat, lng = v.lng, position_at = v.at
    from (values ${values}) as v(id, lat, lng, at)
    where ${eventTeams.id} = v.id and (${eventTeams.positionAt} is null or ${eventTeams.positionAt} < v.at)`);
}

const keepers = perOwner((_db: Db) => new Map<Realtime, PositionKeeper>());

/** This process's keeper of positions for the database and the socket server (each test app has its own). */
export function positionKeeper(db: Db, realtime: Realtime, log: Logger): PositionKeeper {
  const ofDb = keepers(db);
  let keeper = ofDb.get(realtime);
  if (!keeper) ofDb.set(realtime, (keeper = createKeeper(db, realtime, log)));
  return keeper;
}

/** The newest position of the team this process took and has not written yet. */
export const pendingPosition = (db: Db, realtime: Realtime, teamId: string) => keepers(db).get(realtime)?.pending(teamId);

/** Sends and writes the positions this process holds (when it stops). */
export const flushPositions = async (db: Db, realtime: Realtime) => keepers(db).get(realtime)?.flush();
