import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createAdminCommand, createCodesCommand, runCli, UsageError, type CliContext } from './cli.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { gameCodes, users } from './db/schema.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabaseKind } from './db/test-database.ts';
import { verifyPassword } from './platform/auth.ts';
import { CODE_ALPHABET, CODE_RANDOM_LENGTH } from '@streethunt/shared';
import { holdDataDir } from './test/data-dir-holder.ts';
import { buildCode, buildGame, buildUser } from './test/factories.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A CLI context on a fresh test database of `kind`, open for the tests of the describe it is called
 * in: `output` holds the lines the commands printed, `opens()` counts how often one opened the database.
 */
function cliOnTestDatabase(kind: TestDatabaseKind) {
  let database: Database | undefined;
  let opens = 0;
  const output: string[] = [];
  const db = () => {
    if (!database) throw new Error('the test database is not open yet');
    return database.db;
  };
  const context: CliContext = {
    out: (line) => output.push(line),
    config: () => {
      throw new Error('this command reads no configuration of its own');
    },
    database: async () => {
      opens += 1;
      return db();
    },
  };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());
  return { context, output, db, opens: () => opens };
}

describe.each(testDatabaseKinds())('create-admin on %s', (kind) => {
  const { context, output, db, opens } = cliOnTestDatabase(kind);

  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

  it('creates a validated admin with placeholder names', async () => {
    await createAdminCommand(['--email', 'Boss@Example.com', '--password', 'admin-password-1'], context);
    const admin = await userByEmail('boss@example.com');
    expect(admin).toMatchObject({ role: 'admin', firstName: 'Admin', lastName: '', phone: '', emailValidatedAt: expect.any(Date) });
    expect(await verifyPassword(admin.passwordHash, 'admin-password-1')).toBe(true);
    expect(output.at(-1)).toBe('Created admin boss@example.com.');
  });

  it('promotes an existing user and sets the password, keeping the rest', async () => {
    const user = await buildUser(db(), { firstName: 'Rina', emailValidatedAt: null });
    await createAdminCommand(['--email', user.email, '--password', 'new-admin-pass'], context);
    const promoted = await userByEmail(user.email);
    expect(promoted).toMatchObject({ id: user.id, role: 'admin', firstName: 'Rina', lastName: 'Levi', phone: user.phone, emailValidatedAt: expect.any(Date) });
    expect(await verifyPassword(promoted.passwordHash, 'new-admin-pass')).toBe(true);
    expect(output.at(-1)).toContain('Promoted');
    expect((await db().select().from(users).where(eq(users.email, user.email))).length).toBe(1);
  });

  it.each([
    [[], /--email/],
    [['--email', 'a@example.com'], /--password/],
    [['--email', 'a@example.com', '--password', 'short'], /at least 8/],
    [['--email', 'not-an-email', '--password', 'long-enough-1'], /--email/],
    [['--email', 'a@example.com', '--password', 'long-enough-1', '--role', 'x'], /role/],
    [['--email'], /email/],
  ])('refuses %j with a usage error and touches no database', async (args, message) => {
    const before = opens();
    await expect(createAdminCommand(args, context)).rejects.toThrow(UsageError);
    await expect(createAdminCommand(args, context)).rejects.toThrow(message);
    expect(opens()).toBe(before);
  });
});

describe.each(testDatabaseKinds())('create-codes on %s', (kind) => {
  const { context, output, db, opens } = cliOnTestDatabase(kind);

  it('prints N new admin codes for the game, one a line, with the prefix upper-cased', async () => {
    const game = await buildGame(db());
    output.length = 0;
    await createCodesCommand(['--game', game.id, '--count', '5', '--prefix', 'tlv'], context);
    expect(output).toHaveLength(5);
    for (const line of output) expect(line).toMatch(new RegExp(`^TLV[${CODE_ALPHABET}]{${CODE_RANDOM_LENGTH}}$`));
    expect(new Set(output).size).toBe(5);
    const stored = await db().select().from(gameCodes).where(eq(gameCodes.gameId, game.id));
    expect(stored.map((c) => c.code).sort()).toEqual([...output].sort());
    expect(stored.every((c) => c.source === 'admin' && c.activatedAt === null)).toBe(true);

    output.length = 0;
    await createCodesCommand(['--game', game.id, '--count', '1'], context);
    expect(output[0]).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_RANDOM_LENGTH}}$`));
  });

  it('fails clearly for an unknown game', async () => {
    await expect(createCodesCommand(['--game', '0123456789abcdef01234567', '--count', '2'], context)).rejects.toThrow(
      'No game with id 0123456789abcdef01234567',
    );
  });

  it.each([
    [[], /--game is required[\s\S]*--count is required/],
    [['--game', 'abc'], /--count is required/],
    [['--game', 'abc', '--count', '0'], /1 to 500/],
    [['--game', 'abc', '--count', '501'], /1 to 500/],
    [['--game', 'abc', '--count', '-3'], /1 to 500|argument/],
    [['--game', 'abc', '--count', '2.5'], /1 to 500/],
    [['--game', 'abc', '--count', 'ten'], /1 to 500/],
    [['--game', 'abc', '--count', '3', '--prefix', 'no spaces'], /--prefix/],
    [['--game', 'abc', '--count', '3', '--prefix', 'WAYTOOLONGPREFIX'], /--prefix/],
    [['--game', 'abc', '--count', '3', '--prefix', 'tlv-'], /--prefix/],
    [['--game', 'abc', '--count', '3', '--prefix', 'תא'], /--prefix/],
    [['--game', 'not an id', '--count', '3'], /--game/],
    [['--game', 'abc', '--count', '3', '--source', 'purchase'], /source/],
  ])('refuses %j with a usage error and touches no database', async (args, message) => {
    const before = opens();
    await expect(createCodesCommand(args, context)).rejects.toThrow(UsageError);
    await expect(createCodesCommand(args, context)).rejects.toThrow(message);
    expect(opens()).toBe(before);
  });
});

describe('cli', () => {
  const io = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, io: { env: {}, out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) } };
  };

  it('prints usage and exits 2 without a command or with an unknown one', async () => {
    const none = io();
    expect(await runCli([], none.io)).toBe(2);
    expect(none.lines.out.join('\n')).toContain('create-admin --email E --password P');
    const unknown = io();
    expect(await runCli(['drop-everything'], unknown.io)).toBe(2);
    expect(unknown.lines.err.join('\n')).toMatch(/Unknown command: drop-everything[\s\S]*create-admin/);
    expect(await runCli(['--help'], io().io)).toBe(0);
  });

  it('exits 2 with the command’s usage on bad arguments', async () => {
    const bad = io();
    expect(await runCli(['create-admin', '--email', 'a@example.com', '--password', 'short'], bad.io)).toBe(2);
    expect(bad.lines.err.join('\n')).toMatch(/at least 8[\s\S]*Usage: npm run cli -- create-admin --email E --password P/);
  });

  it('exits 1 with the message when the environment is invalid', async () => {
    const bad = io();
    bad.io.env = { APP_ENV: 'production', DATA_DIR: path.join(tmpdir(), 'never-created') };
    expect(await runCli(['create-admin', '--email', 'a@example.com', '--password', 'long-enough-1'], bad.io)).toBe(1);
    expect(bad.lines.err.join('\n')).toContain('JWT_SECRET must be set');
  });
});

describe('the real CLI as a child process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const env = () => {
    // The embedded database in DATA_DIR, whatever the caller's shell says.
    const { DATABASE_URL: _url, JWT_SECRET: _secret, APP_ENV: _env, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir };
  };

  it('creates an admin in DATA_DIR that can then log in', async () => {
    const { stdout } = await run('npx', ['tsx', 'src/cli.ts', 'create-admin', '--email', 'root@example.com', '--password', 'root-password-1'], {
      cwd: serverDir,
      env: env(),
    });
    expect(stdout).toContain('Created admin root@example.com.');

    const config = loadConfig({ DATA_DIR: dataDir });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    const app = await buildApp({ config, database, mailer: { send: async () => undefined }, webDist: null, logger: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'root@example.com', password: 'root-password-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.role).toBe('admin');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('create-codes prints codes for a game, and exits 1 with a plain message for an unknown game', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    let gameId: string;
    try {
      await database.migrate();
      gameId = (await buildGame(database.db)).id;
    } finally {
      await database.close();
    }
    const { stdout } = await run('npx', ['tsx', 'src/cli.ts', 'create-codes', '--game', gameId, '--count', '3'], { cwd: serverDir, env: env() });
    expect(stdout.trim().split('\n')).toHaveLength(3);
    const failure = await run('npx', ['tsx', 'src/cli.ts', 'create-codes', '--game', '0123456789abcdef01234567', '--count', '3'], { cwd: serverDir, env: env() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('No game with id 0123456789abcdef01234567\n') });
    expect((failure as { stderr: string }).stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 90_000);

  it('exits non-zero with usage on bad arguments', async () => {
    const failure = await run('npx', ['tsx', 'src/cli.ts', 'create-admin', '--email', 'root@example.com'], { cwd: serverDir, env: env() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run cli -- create-admin --email E --password P') });
  });
});

describe('backup and restore', () => {
  let root: string;
  let dataDir: string;
  let gameId: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'streethunt-cli-backup-'));
    dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      await database.migrate();
      const game = await buildGame(database.db);
      gameId = game.id;
      await buildCode(database.db, { gameId });
    } finally {
      await database.close();
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const cli = async (argv: string[], env: NodeJS.ProcessEnv) => {
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runCli(argv, { env, out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) });
    return { code, out: lines.out.join('\n'), err: lines.err.join('\n') };
  };

  it('backs up DATA_DIR, restores it into another DATA_DIR, and needs --force to replace a database', async () => {
    const file = path.join(root, 'streethunt.sql');
    const backup = await cli(['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toMatch(new RegExp(`^Backed up ${dataDir}/pgdata to ${file} \\(\\d+\\.\\d KB, \\d+ tables\\)\\.$`));

    const otherDir = path.join(root, 'other');
    const restore = await cli(['restore', '--in', file], { DATA_DIR: otherDir });
    expect(restore).toMatchObject({ code: 0, err: '' });
    // A user, a game and a code.
    expect(restore.out).toMatch(new RegExp(`^Restored \\d+ tables \\(3 rows\\) from ${file} into ${otherDir}/pgdata\\.$`));
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(otherDir, 'pgdata') });
    try {
      expect((await restored.db.select().from(gameCodes).where(eq(gameCodes.gameId, gameId))).length).toBe(1);
    } finally {
      await restored.close();
    }

    const again = await cli(['restore', '--in', file], { DATA_DIR: otherDir });
    expect(again).toMatchObject({ code: 1, err: expect.stringMatching(/already holds a database.*add --force\.$/) });
    const forced = await cli(['restore', '--in', file, '--force'], { DATA_DIR: otherDir });
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(new RegExp(`\\nThe previous database is kept as ${otherDir}/pgdata\\.before-restore-[\\dT-]+Z; delete it`));
    expect((await readdir(otherDir)).filter((name) => name.startsWith('pgdata')).sort()).toEqual([
      'pgdata',
      expect.stringMatching(/^pgdata\.before-restore-/),
    ]);
  }, 60_000);

  it('refuses a file that is not a dump with exit 1 and a plain message', async () => {
    const file = path.join(root, 'notes.txt');
    await writeFile(file, 'not a dump');
    const refused = await cli(['restore', '--in', file, '--force'], { DATA_DIR: dataDir });
    expect(refused).toEqual({ code: 1, out: '', err: `${file} is not a PostgreSQL plain-SQL dump: it does not begin with pg_dump's "-- PostgreSQL database dump" header.` });
  });

  it('refuses with DATABASE_URL set, pointing at pg_dump and psql', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const backup = await cli(['backup', '--out', path.join(root, 'x.sql')], env);
    expect(backup).toMatchObject({ code: 1, err: expect.stringMatching(/^DATABASE_URL is set: backup covers the embedded database only\. .*pg_dump/) });
    const restore = await cli(['restore', '--in', path.join(root, 'x.sql')], env);
    expect(restore).toMatchObject({ code: 1, err: expect.stringMatching(/^DATABASE_URL is set: restore covers the embedded database only\. .*psql/) });
    expect(await readdir(root)).not.toContain('x.sql');
  });

  it.each([
    [['backup'], /--out is required\nUsage: npm run cli -- backup --out FILE/],
    [['backup', '--out'], /argument missing[\s\S]*Usage: npm run cli -- backup/],
    [['backup', '--out', 'x.sql', '--gzip'], /Unknown option '--gzip'/],
    [['restore'], /--in is required\nUsage: npm run cli -- restore --in FILE \[--force\]/],
    [['restore', '--in', 'x.sql', 'extra'], /Unexpected argument 'extra'/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const result = await cli(argv, { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  it('refuses every command on the embedded database while another process has it open', async () => {
    const holder = await holdDataDir(path.join(dataDir, 'pgdata'));
    try {
      const inUse = `The embedded database in ${dataDir}/pgdata is in use by process ${holder.pid} (the server?). It allows one process at a time: stop it first.`;
      expect(await cli(['create-codes', '--game', gameId, '--count', '1'], { DATA_DIR: dataDir })).toEqual({ code: 1, out: '', err: inUse });
      expect(await cli(['backup', '--out', path.join(root, 'busy.sql')], { DATA_DIR: dataDir })).toEqual({ code: 1, out: '', err: inUse });
    } finally {
      await holder.release();
    }
  }, 30_000);

  it('runs as a real command: npm run cli -- backup --out FILE', async () => {
    const file = path.join(root, 'from-child.sql');
    const { DATABASE_URL: _url, JWT_SECRET: _secret, APP_ENV: _env, ...rest } = process.env;
    const { stdout } = await run('npx', ['tsx', 'src/cli.ts', 'backup', '--out', file], { cwd: serverDir, env: { ...rest, DATA_DIR: dataDir } });
    expect(stdout).toMatch(/^Backed up .* \(\d+\.\d KB, \d+ tables\)\.\n$/);
    expect((await readFile(file, 'utf8')).startsWith('--\n-- PostgreSQL database dump\n')).toBe(true);
  }, 60_000);
});
