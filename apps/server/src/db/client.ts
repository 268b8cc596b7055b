import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * An embedded PostgreSQL with the extensions the migrations create (pg_trgm, for the games list's
 * search): every PGlite the app opens comes from here, or a dump or migration that names one fails.
 */
export function newPglite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, extensions: { pg_trgm } });
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where a dropped idle connection is reported (the app's log, once there is one); console until then. */
  onConnectionLost(report: (error: Error) => void): void;
  /**
   * Raw SQL for the mail queue (pg-boss's `db` adapter): with values, one statement; without, text
   * that may hold several (its schema install), answered by the last one's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a request waits for a connection to PostgreSQL before it is answered 503. */
const CONNECT_TIMEOUT_MS = 3_000;
/** The longest a statement may run on PostgreSQL (reports over many games are the slowest, well below). */
const STATEMENT_TIMEOUT_MS = 30_000;

export type DatabaseOptions =
  /** Embedded PostgreSQL; `dataDir` undefined means in memory. */
  | { kind: 'pglite'; dataDir?: string }
  /** A PostgreSQL server. */
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const client = newPglite(options.dataDir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
      // In this process: there is no connection to lose.
      onConnectionLost: () => undefined,
      // PGlite's query takes parameters but one statement; its exec takes several but no parameters.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A database that does not answer fails a request within seconds (503 unavailable), never hangs it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A query that outlives this is cut off by the server itself: no request holds a connection forever.
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // TCP keepalive notices a server that vanished without closing its connections.
    keepAlive: true,
  });
  // An idle connection the server drops (restart, admin command) emits here; without a listener it
  // would crash the process. The pool replaces it on the next query.
  let report = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', (error) => report(error));
  const db = drizzlePg(pool, { schema });
  return {
    onConnectionLost: (next) => {
      report = next;
    },
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateOnePerServer(pool),
    close: () => pool.end(),
    async executeSql(text, values) {
      // Several statements without parameters come back as one result per statement.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
}

/** Any number that names our lock; other applications on the same server are unlikely to pick it. */
const MIGRATION_LOCK = 7_301_974_455;

/**
 * Several server processes start at once on one PostgreSQL: each applies the migrations on start, one
 * at a time under an advisory lock, so the second finds them applied instead of racing the first.
 */
async function migrateOnePerServer(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The database the configuration names: a server when DATABASE_URL is set, else embedded. */
export function databaseOptionsFromConfig(config: { databaseUrl?: string; dataDir: string }): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
}
