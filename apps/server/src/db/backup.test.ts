import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdDataDir } from '../test/data-dir-holder.ts';
import { buildCode, buildGame, buildPurchase, buildUser } from '../test/factories.ts';
import { BackupError, backupEmbedded, restoreEmbedded, type BackupSummary } from './backup.ts';
import { migrationsFolder, newPglite, openDatabase } from './client.ts';

const run = promisify(execFile);
const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
const migrationCount = journal.entries.length;

type Counts = Record<string, number>;

/** Rows per table, the migration journal included. */
async function tableCounts(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Counts> {
  const tables = await query(
    "SELECT table_schema || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Counts = {};
  for (const { name } of tables.rows) counts[String(name)] = Number((await query(`SELECT count(*) AS n FROM ${String(name)}`)).rows[0].n);
  return counts;
}

async function withPglite<T>(dataDir: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = newPglite(dataDir);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const SAMPLE_ROWS = {
  users: 'SELECT id, first_name, last_name, email, phone, password_hash, role, created_at, search_text FROM public.users ORDER BY id',
  games: 'SELECT id, user_id, status, metadata, questions, intro_page, gameover_page, approved_at FROM public.games ORDER BY id',
  codes: 'SELECT id, game_id, code, source FROM public.game_codes ORDER BY id',
};

/** Every file under `dir` with a hash of its bytes: equal fingerprints, untouched directory. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
  }
  return result;
}

let root: string;
/** A data directory's path under a new folder of the test's own (PGlite does not create parents). */
async function newDataDir(folder: string): Promise<string> {
  await mkdir(path.join(root, folder));
  return path.join(root, folder, 'pgdata');
}

let source: string;
let dumpFile: string;
let summary: BackupSummary;
let sourceCounts: Counts;
let sourceRows: Record<keyof typeof SAMPLE_ROWS, unknown[]>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'streethunt-backup-'));
  source = await newDataDir('source');
  const database = await openDatabase({ kind: 'pglite', dataDir: source });
  try {
    await database.migrate();
    // Quotes, Hebrew and a newline: the dump must carry text exactly.
    const creator = await buildUser(database.db, { firstName: 'דנה', lastName: "O'Brien\nLevi" });
    await buildUser(database.db, { role: 'admin' });
    const game = await buildGame(database.db, { userId: creator.id });
    for (let i = 0; i < 3; i++) await buildCode(database.db, { gameId: game.id });
    await buildPurchase(database.db, { gameId: game.id });
  } finally {
    await database.close();
  }
  dumpFile = path.join(root, 'backup.sql');
  summary = await backupEmbedded(source, dumpFile);
  ({ sourceCounts, sourceRows } = await withPglite(source, async (db) => ({
    sourceCounts: await tableCounts((sql) => db.query(sql)),
    sourceRows: {
      users: (await db.query(SAMPLE_ROWS.users)).rows,
      games: (await db.query(SAMPLE_ROWS.games)).rows,
      codes: (await db.query(SAMPLE_ROWS.codes)).rows,
    },
  })));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('backup', () => {
  it('writes a whole plain SQL dump, readable by its owner only, and says what it wrote', async () => {
    const text = await readFile(dumpFile, 'utf8');
    expect(text.startsWith('--\n-- PostgreSQL database dump\n--\n')).toBe(true);
    expect(text.trimEnd().endsWith('-- PostgreSQL database dump complete\n--')).toBe(true);
    expect(text).not.toMatch(/OWNER TO|^GRANT /m);
    expect(text).not.toMatch(/^SET transaction_timeout/m);
    const info = await stat(dumpFile);
    expect(info.mode & 0o777).toBe(0o600);
    expect(summary).toEqual({ file: dumpFile, bytes: info.size, tables: Object.keys(sourceCounts).length });
    expect(sourceCounts).toMatchObject({ 'public.users': 2, 'public.games': 1, 'public.game_codes': 3, 'public.purchases': 1, 'drizzle.__drizzle_migrations': migrationCount });
    expect((await readdir(root)).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('refuses a folder without a database, or a target folder that does not exist, and writes nothing', async () => {
    const empty = path.join(root, 'no-database');
    await mkdir(empty);
    await expect(backupEmbedded(path.join(empty, 'pgdata'), path.join(root, 'x.sql'))).rejects.toThrow(/no embedded database in .*no-database/);
    await expect(backupEmbedded(source, path.join(root, 'missing', 'x.sql'))).rejects.toThrow(/the folder .*missing does not exist/);
    expect(await readdir(root)).not.toContain('x.sql');
    await expect(backupEmbedded(source, root)).rejects.toThrow(BackupError);
  });
});

describe('restore', () => {
  it('round trip: the restored database has the same rows', async () => {
    const target = path.join(root, 'restored', 'pgdata');
    const restored = await restoreEmbedded(target, dumpFile, { force: false });
    const publicCounts = Object.entries(sourceCounts).filter(([name]) => name.startsWith('public.'));
    expect(restored).toEqual({
      tables: publicCounts.length,
      rows: publicCounts.reduce((sum, [, n]) => sum + n, 0),
      migrationsApplied: 0,
      keptAs: null,
    });
    await withPglite(target, async (db) => {
      expect(await tableCounts((sql) => db.query(sql))).toEqual(sourceCounts);
      expect((await db.query(SAMPLE_ROWS.users)).rows).toEqual(sourceRows.users);
      expect((await db.query(SAMPLE_ROWS.games)).rows).toEqual(sourceRows.games);
      expect((await db.query(SAMPLE_ROWS.codes)).rows).toEqual(sourceRows.codes);
      // Sequences come back too: a new row does not collide with a restored one.
      await db.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('x', 1)");
    });
    expect(sourceRows.users).toContainEqual(expect.objectContaining({ first_name: 'דנה', last_name: "O'Brien\nLevi" }));
    expect(await readdir(path.dirname(target))).toEqual(['pgdata']);
  });

  it('restores a dump of an older schema, then applies the newer migrations', async () => {
    // A database made by code that had every migration but the last.
    const olderMigrations = path.join(root, 'older-migrations');
    await cp(migrationsFolder, olderMigrations, { recursive: true });
    await writeFile(
      path.join(olderMigrations, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    const older = await newDataDir('older');
    await withPglite(older, async (db) => {
      await migrate(drizzle(db), { migrationsFolder: olderMigrations });
      await db.exec("INSERT INTO public.users (id, first_name, last_name, email, phone, password_hash, affiliate_code) VALUES ('0123456789abcdef01234567', 'Old', 'Timer', 'old@example.com', '', 'x', 'OLDTIMER')");
    });
    const olderDump = path.join(root, 'older.sql');
    await backupEmbedded(older, olderDump);

    const target = path.join(root, 'from-older', 'pgdata');
    const restored = await restoreEmbedded(target, olderDump, { force: false });
    expect(restored).toMatchObject({ migrationsApplied: 1, rows: 1, keptAs: null });
    await withPglite(target, async (db) => {
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(migrationCount);
      expect((await db.query('SELECT email FROM public.users')).rows).toEqual([{ email: 'old@example.com' }]);
    });
  });

  it('a dump of the schema before translations keeps every game, play and report as it was; each game reads in its own language', async () => {
    const beforeTranslations = path.join(root, 'before-translations');
    await cp(migrationsFolder, beforeTranslations, { recursive: true });
    const last = journal.entries.findIndex((entry) => (entry as { tag?: string }).tag === '0025_game-translations');
    expect(last).toBeGreaterThan(0);
    await writeFile(path.join(beforeTranslations, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, last) }));
    const older = await newDataDir('before-translations-data');
    const rows = {
      games: 'SELECT id, user_id, status, metadata, intro_page, questions, gameover_page, answer_salt, version, approved_at, updated_at FROM public.games ORDER BY id',
      plays: 'SELECT * FROM public.plays ORDER BY id',
      reports: 'SELECT * FROM public.problem_reports ORDER BY id',
      feedbacks: 'SELECT * FROM public.feedbacks ORDER BY id',
    };
    const read = async (db: PGlite) => Object.fromEntries(await Promise.all(Object.entries(rows).map(async ([name, query]) => [name, (await db.query(query)).rows])));
    const before = await withPglite(older, async (db) => {
      await migrate(drizzle(db), { migrationsFolder: beforeTranslations });
      await db.exec(`
        INSERT INTO public.users (id, first_name, last_name, email, phone, password_hash, affiliate_code) VALUES ('u1', 'Dana', 'Levi', 'dana@example.com', '', 'x', 'DANA1');
        INSERT INTO public.games (id, user_id, status, metadata, intro_page, questions, gameover_page, approved_at)
          VALUES ('g-he', 'u1', 'APPROVED', '{"name":"סיור","language":"he","price":45}', '{"content":"<p>שלום</p>"}', '[{"id":"q1","content":"<p>?</p>","answer":{"kind":"text","value":"כן","content":"","contentAfterAnswer":""},"hints":[]}]', '{"content":""}', now()),
                 ('g-en', 'u1', 'APPROVED', '{"name":"A walk","language":"en","price":0}', '{"content":"<p>Hi</p>"}', '[]', '{"content":""}', now());
        INSERT INTO public.game_codes (id, code, game_id, source) VALUES ('c1', 'ABC123', 'g-he', 'admin');
        INSERT INTO public.plays (id, game_id, code_id, start_time, states, game_version) VALUES ('p1', 'g-he', 'c1', now(), '{"q1":{"status":"ANSWERED","openHints":[]}}', 1);
        INSERT INTO public.problem_reports (id, game_id, game_secret, question_id, message) VALUES ('r1', 'g-he', 'ABC123', 1, 'The sign is gone');
        INSERT INTO public.feedbacks (id, game_id, play_id, general, questions, path, open_answer) VALUES ('f1', 'g-he', 'p1', 5, 4, 5, 'Lovely');
      `);
      return read(db);
    });
    const dump = path.join(root, 'before-translations.sql');
    await backupEmbedded(older, dump);
    const target = path.join(root, 'from-before-translations', 'pgdata');
    // 0025 and every migration since (0026 adds the played language, null for these older rows).
    expect(await restoreEmbedded(target, dump, { force: false })).toMatchObject({ migrationsApplied: journal.entries.length - last });
    await withPglite(target, async (db) => {
      const withoutLanguage = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, language: null }));
      expect(await read(db)).toEqual({ ...before, reports: withoutLanguage(before.reports), feedbacks: withoutLanguage(before.feedbacks) });
      expect((await db.query('SELECT id, translations, list_languages FROM public.games ORDER BY id')).rows).toEqual([
        { id: 'g-en', translations: {}, list_languages: ['en'] },
        { id: 'g-he', translations: {}, list_languages: ['he'] },
      ]);
    });
  });

  describe('refusals leave the database exactly as it was', () => {
    let target: string;
    let before: Record<string, string>;
    beforeAll(async () => {
      target = path.join(root, 'kept', 'pgdata');
      await restoreEmbedded(target, dumpFile, { force: false });
      before = await fingerprint(target);
    });

    const refuses = async (file: string, message: RegExp) => {
      await expect(restoreEmbedded(target, file, { force: true })).rejects.toThrow(message);
      expect(await fingerprint(target)).toEqual(before);
      expect(await readdir(path.dirname(target))).toEqual(['pgdata']);
    };
    const variant = async (name: string, text: string) => {
      const file = path.join(root, name);
      await writeFile(file, text);
      return file;
    };

    it('a file that is not a dump, or no file', async () => {
      await refuses(await variant('notes.txt', 'hello, this is not SQL\n'), /notes\.txt is not a PostgreSQL plain-SQL dump/);
      await refuses(await variant('empty.sql', ''), /not a PostgreSQL plain-SQL dump/);
      await refuses(path.join(root, 'nowhere.sql'), /Cannot read .*nowhere\.sql: no such file/);
    });

    it('a dump cut short, a dump with COPY blocks, and a dump of another database', async () => {
      const text = await readFile(dumpFile, 'utf8');
      await refuses(await variant('cut.sql', text.slice(0, Math.floor(text.length / 2))), /cut\.sql is incomplete/);
      await refuses(
        await variant('copy.sql', text.replace(/^SET row_security = off;$/m, '$&\nCOPY public.leads (id) FROM stdin;\n\\.')),
        /COPY blocks.*--inserts/,
      );
      await refuses(await variant('other.sql', text.replace(/^INSERT INTO drizzle\.__drizzle_migrations .*\n/gm, '')), /not a StreetHunt database/);
    });

    it('a dump of a newer schema: one with a migration this code does not have', async () => {
      const text = await readFile(dumpFile, 'utf8');
      const last = [...text.matchAll(/^INSERT INTO drizzle\.__drizzle_migrations .*$/gm)].at(-1);
      expect(last).toBeDefined();
      const end = (last?.index ?? 0) + (last?.[0].length ?? 0);
      const newer = `${text.slice(0, end)}\nINSERT INTO drizzle.__drizzle_migrations VALUES (${migrationCount + 1}, '${'ab'.repeat(32)}', 4102444800000);${text.slice(end)}`;
      await refuses(await variant('newer.sql', newer), /newer\.sql is of a newer schema than this code: it has 1 migration\(s\) this code does not have \(made 2100-01-01T00:00:00\.000Z\)/);
    });

    it('a dump whose SQL fails half way', async () => {
      const text = await readFile(dumpFile, 'utf8');
      const broken = text.replace(/^(INSERT INTO public\.games .*)$/m, '$1\nINSERT INTO public.no_such_table VALUES (1);');
      await refuses(await variant('broken.sql', broken), /broken\.sql could not be restored, and nothing was changed: .*no_such_table/);
    });

    it('an existing database without --force', async () => {
      await expect(restoreEmbedded(target, dumpFile, { force: false })).rejects.toThrow(/already holds a database.*--force/);
      expect(await fingerprint(target)).toEqual(before);
    });
  });

  it('with --force replaces a database and keeps the old one beside it', async () => {
    const target = await newDataDir('replaced');
    const database = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      await database.migrate();
      await buildUser(database.db, { email: 'only-in-old@example.com' });
    } finally {
      await database.close();
    }
    const now = new Date('2030-05-06T07:08:09.010Z');
    const restored = await restoreEmbedded(target, dumpFile, { force: true, now });
    expect(restored.keptAs).toBe(`${target}.before-restore-2030-05-06T07-08-09-010Z`);
    expect((await readdir(path.dirname(target))).sort()).toEqual(['pgdata', 'pgdata.before-restore-2030-05-06T07-08-09-010Z']);
    await withPglite(target, async (db) => expect(await tableCounts((sql) => db.query(sql))).toEqual(sourceCounts));
    await withPglite(restored.keptAs ?? '', async (db) =>
      expect((await db.query('SELECT email FROM public.users')).rows).toEqual([{ email: 'only-in-old@example.com' }]),
    );
  });

  describe('while another process has the database open', () => {
    let holder: Awaited<ReturnType<typeof holdDataDir>>;
    let copy: string;
    beforeAll(async () => {
      copy = await newDataDir('busy');
      await cp(source, copy, { recursive: true });
      holder = await holdDataDir(copy);
    });
    afterAll(() => holder.release());

    it('backup and restore refuse, naming the process, and change nothing', async () => {
      const before = await fingerprint(copy);
      const inUse = new RegExp(`in use by process ${holder.pid} \\(the server\\?\\).*stop it first`);
      await expect(backupEmbedded(copy, path.join(root, 'busy.sql'))).rejects.toThrow(inUse);
      await expect(restoreEmbedded(copy, dumpFile, { force: true })).rejects.toThrow(inUse);
      expect(await readdir(path.dirname(copy))).toEqual(['pgdata']);
      expect(await readdir(root)).not.toContain('busy.sql');
      await holder.release();
      expect(await fingerprint(copy)).toEqual(before);
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the dump on a PostgreSQL server (skipped: TEST_DATABASE_URL is not set)', () => {
  const name = `streethunt_restore_${Date.now()}`;
  const databaseUrl = () => {
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(() => admin(`CREATE DATABASE "${name}"`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it('psql -f loads it, stopping at the first error, and every row is there', async () => {
    await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', dumpFile, '-d', databaseUrl()]);
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      expect(await tableCounts((sql) => client.query(sql))).toEqual(sourceCounts);
      const users = await client.query('SELECT first_name, last_name, email, search_text FROM public.users ORDER BY id');
      expect(users.rows).toEqual(sourceRows.users.map((row) => {
        const { first_name, last_name, email, search_text } = row as Record<string, unknown>;
        return { first_name, last_name, email, search_text };
      }));
      const codes = await client.query('SELECT id, game_id, code, source FROM public.game_codes ORDER BY id');
      expect(codes.rows).toEqual(sourceRows.codes);
    } finally {
      await client.end();
    }
  });
});
