import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { drizzle } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, newPglite } from './client.ts';
import { inUseMessage } from './data-dir-in-use.ts';

/**
 * Backup and restore of the embedded database (PGlite) as a plain SQL dump, which psql also loads
 * into a PostgreSQL server. A server's own database is backed up with its own pg_dump.
 */

/** A refusal or failure with a message for the operator; the database is as it was. */
export class BackupError extends Error {}

const HEADER = '--\n-- PostgreSQL database dump\n--\n';
const FOOTER = '-- PostgreSQL database dump complete';
const JOURNAL_ROW = /^INSERT INTO drizzle\.__drizzle_migrations (?:\([^)\n]*\) )?VALUES \(\d+, '[0-9a-f]*', (\d+)\);$/gm;

// PGlite's pg_dump is version 17, whose header sets transaction_timeout, a setting servers before 17
// do not know: psql would report an error there (and stop, with ON_ERROR_STOP). Guarded, the same
// line loads everywhere.
const PG17_SETTING = /^SET transaction_timeout = 0;$/m;
const PG17_SETTING_GUARDED =
  "SELECT pg_catalog.set_config('transaction_timeout', '0', false) WHERE pg_catalog.current_setting('server_version_num')::int >= 170000;";

function refuseIfInUse(pgdata: string): void {
  const inUse = inUseMessage(pgdata);
  if (inUse) throw new BackupError(inUse);
}

const holdsDatabase = (pgdata: string) => existsSync(path.join(pgdata, 'PG_VERSION'));

export type BackupSummary = { file: string; bytes: number; tables: number };

/** Writes a dump of the embedded database in `pgdata` to `outFile`, whole or not at all. */
export async function backupEmbedded(pgdata: string, outFile: string): Promise<BackupSummary> {
  if (!holdsDatabase(pgdata)) throw new BackupError(`There is no embedded database in ${pgdata}: check DATA_DIR.`);
  const file = path.resolve(outFile);
  const folder = path.dirname(file);
  const folderStat = await stat(folder).catch(() => undefined);
  if (!folderStat?.isDirectory()) throw new BackupError(`Cannot write ${file}: the folder ${folder} does not exist.`);
  if ((await stat(file).catch(() => undefined))?.isDirectory()) throw new BackupError(`Cannot write ${file}: it is a folder.`);
  refuseIfInUse(pgdata);

  const pg = newPglite(pgdata);
  let text: string;
  try {
    // Without owners and grants: the roles of the embedded database do not exist on another server.
    text = await (await pgDump({ pg, args: ['--no-owner', '--no-privileges'] })).text();
  } catch (error) {
    throw new BackupError(`No backup was written: ${(error as Error).message}`);
  } finally {
    await pg.close();
  }
  if (!text.startsWith(HEADER) || !text.includes(FOOTER)) throw new BackupError('pg_dump wrote an incomplete dump; no backup was written.');
  text = text.replace(PG17_SETTING, PG17_SETTING_GUARDED);

  // Beside the target, so the rename is atomic: a backup that fails half way leaves no half file.
  const partial = path.join(folder, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    // The dump holds password hashes and buyers' details: readable by its owner only.
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw new BackupError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  return { file, bytes: Buffer.byteLength(text), tables: text.match(/^CREATE TABLE /gm)?.length ?? 0 };
}

const notADump = (source: string) =>
  new BackupError(`${source} is not a PostgreSQL plain-SQL dump: it does not begin with pg_dump's "-- PostgreSQL database dump" header.`);

type Journal = { known: number; dumped: number };

/** Checks that `text` is a whole pg_dump of a schema this code knows, before anything is touched. */
function checkDump(text: string, source: string): Journal {
  if (!text.startsWith(HEADER)) throw notADump(source);
  if (!text.slice(-200).includes(FOOTER)) {
    throw new BackupError(`${source} is incomplete: it does not end with pg_dump's "${FOOTER}" line (cut short?).`);
  }
  if (text.split('\n').some((line) => line.startsWith('COPY ') && line.endsWith(' FROM stdin;'))) {
    throw new BackupError(`${source} holds its rows as COPY blocks, which only psql loads: make it with pg_dump --inserts --no-owner --no-privileges.`);
  }
  const migrations = readMigrationFiles({ migrationsFolder });
  const known = new Set(migrations.map((m) => String(m.folderMillis)));
  const dumped = [...text.matchAll(JOURNAL_ROW)].map((row) => row[1]);
  if (dumped.length === 0) {
    throw new BackupError(`${source} is not a StreetHunt database: it has no migration journal (drizzle.__drizzle_migrations).`);
  }
  const unknown = dumped.filter((createdAt) => !known.has(createdAt));
  if (unknown.length > 0) {
    const names = unknown.map((ms) => new Date(Number(ms)).toISOString()).join(', ');
    throw new BackupError(
      `${source} is of a newer schema than this code: it has ${unknown.length} migration(s) this code does not have (made ${names}). Restore it with the version of StreetHunt that made it, or a later one.`,
    );
  }
  return { known: migrations.length, dumped: dumped.length };
}

export type RestoreSummary = { tables: number; rows: number; migrationsApplied: number; keptAs: string | null };

/**
 * Replaces the embedded database in `pgdata` with the dump in `inFile`. The dump is loaded into a new
 * data directory beside it, migrated and checked; only then are the directories swapped, the old one
 * kept as `pgdata.before-restore-<time>`. Any refusal or failure leaves `pgdata` untouched.
 * `force` is needed to replace a database that exists.
 */
export async function restoreEmbedded(pgdata: string, inFile: string, options: { force: boolean; now?: Date }): Promise<RestoreSummary> {
  const text = await readDump(inFile);
  const journal = checkDump(text, inFile);
  const replacing = existsSync(pgdata);
  if (replacing && !options.force) {
    throw new BackupError(`${pgdata} already holds a database. Restoring replaces it (it is kept as ${path.basename(pgdata)}.before-restore-<time>): add --force.`);
  }
  if (replacing) refuseIfInUse(pgdata);

  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const staging = `${pgdata}.restoring-${stamp}`;
  await mkdir(path.dirname(pgdata), { recursive: true });
  let counts: { tables: number; rows: number };
  try {
    await loadInto(staging, text);
    counts = await migrateAndCount(staging, journal.known);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new BackupError(`${inFile} could not be restored, and nothing was changed: ${(error as Error).message}`);
  }

  const keptAs = replacing ? `${pgdata}.before-restore-${stamp}` : null;
  try {
    // Again: the server may have been started while the dump loaded.
    if (replacing) refuseIfInUse(pgdata);
    if (keptAs) await rename(pgdata, keptAs);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error instanceof BackupError ? error : new BackupError(`Could not move ${pgdata} aside, and nothing was changed: ${(error as Error).message}`);
  }
  try {
    await rename(staging, pgdata);
  } catch (error) {
    if (keptAs) await rename(keptAs, pgdata);
    await rm(staging, { recursive: true, force: true });
    throw new BackupError(`Could not put the restored database in place, and nothing was changed: ${(error as Error).message}`);
  }
  return { ...counts, migrationsApplied: journal.known - journal.dumped, keptAs };
}

async function readDump(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new BackupError(`Cannot read ${file}: no such file.`);
  // The header first, so a wrong file (an image, a huge archive) is refused without reading it all.
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(HEADER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (head.subarray(0, bytesRead).toString('utf8') !== HEADER) throw notADump(file);
  } finally {
    await handle.close();
  }
  return readFile(file, 'utf8');
}

async function loadInto(dataDir: string, text: string): Promise<void> {
  const pg = newPglite(dataDir);
  try {
    await pg.exec(text);
  } finally {
    await pg.close();
  }
}

/** Reopens the restored directory (so what was written to disk is what is checked), migrates and counts it. */
async function migrateAndCount(dataDir: string, knownMigrations: number): Promise<{ tables: number; rows: number }> {
  const pg = newPglite(dataDir);
  try {
    await migrate(drizzle(pg), { migrationsFolder });
    const applied = await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    if (applied.rows[0].n !== knownMigrations) {
      throw new Error(`its migration journal has ${applied.rows[0].n} entries after migrating, not ${knownMigrations}`);
    }
    const tables = await pg.query<{ name: string }>(
      "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    let rows = 0;
    for (const { name } of tables.rows) {
      rows += (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${name}`)).rows[0].n;
    }
    return { tables: tables.rows.length, rows };
  } finally {
    await pg.close();
  }
}
