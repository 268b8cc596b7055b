import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CODE_PREFIX_MAX, GENERATE_CODES_MAX, codePrefixSchema, emailSchema, idSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@streethunt/shared';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { BackupError, backupEmbedded, restoreEmbedded } from './db/backup.ts';
import { databaseOptionsFromConfig, openDatabase, type Database, type Db } from './db/client.ts';
import { inUseMessage } from './db/data-dir-in-use.ts';
import { saveAdmin } from './features/account/service.ts';
import { createAdminCodes } from './features/codes/service.ts';
import { AppError } from './platform/errors.ts';

/** Operator commands: `npm run cli -- <command> [options]`, on the database the environment names. */

export class UsageError extends Error {}

export type CliContext = {
  /** The configured database, opened and migrated on first use. */
  database(): Promise<Db>;
  /** The configuration the environment gives, read on first use. */
  config(): Config;
  out(line: string): void;
};

type Command = { usage: string; summary: string; run(args: string[], context: CliContext): Promise<void> };

function parseOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The --options `schema` names, each a string, read by it: a missing `required` one or a refused value is a UsageError. */
function checkedOptions<T extends z.ZodObject>(args: string[], schema: T, required: string[]): z.output<T> {
  const values: Record<string, unknown> = parseOptions(args, Object.fromEntries(Object.keys(schema.shape).map((name) => [name, { type: 'string' as const }])));
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new UsageError(missing.map((name) => `--${name} is required`).join('\n'));
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  return parsed.data;
}

const createAdminArgs = z.object({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH),
});

/** Creates an admin, or promotes the user with that email (and sets the password). */
export async function createAdminCommand(args: string[], context: CliContext): Promise<void> {
  const options = checkedOptions(args, createAdminArgs, ['email', 'password']);
  const outcome = await saveAdmin(await context.database(), options);
  context.out(outcome === 'created' ? `Created admin ${options.email}.` : `Promoted ${options.email} to admin and set the password.`);
}

// The admin screen's rules (packages/shared schemas/admin.ts), with messages for a command line.
const createCodesArgs = z.object({
  game: idSchema,
  count: z
    .string()
    .regex(/^[1-9][0-9]*$/, `must be a whole number from 1 to ${GENERATE_CODES_MAX}`)
    .transform(Number)
    .pipe(z.number().max(GENERATE_CODES_MAX, `must be a whole number from 1 to ${GENERATE_CODES_MAX}`)),
  prefix: codePrefixSchema.optional(),
});

/** Prints `count` new codes for a game, one a line (source admin). */
export async function createCodesCommand(args: string[], context: CliContext): Promise<void> {
  const options = checkedOptions(args, createCodesArgs, ['game', 'count']);
  let codes;
  try {
    codes = await createAdminCodes(await context.database(), { gameId: options.game, count: options.count, prefix: options.prefix });
  } catch (error) {
    // An unknown game: say so plainly, without a stack trace.
    if (error instanceof AppError) throw new CommandError(error.message);
    throw error;
  }
  for (const code of codes) context.out(code.code);
}

/** A command that could not be done, with a message for the operator (exit 1, no stack trace). */
export class CommandError extends Error {}


/** The embedded database's directory; with DATABASE_URL set, `refusal` says what to use instead. */
function embeddedDataDir(context: CliContext, refusal: string): string {
  const options = databaseOptionsFromConfig(context.config());
  if (options.kind !== 'pglite' || options.dataDir === undefined) throw new CommandError(refusal);
  return options.dataDir;
}

async function asCommand<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Writes a plain SQL dump of the embedded database to --out (psql loads it into a PostgreSQL server too). */
export async function backupCommand(args: string[], context: CliContext): Promise<void> {
  const values = parseOptions(args, { out: { type: 'string' } });
  if (values.out === undefined) throw new UsageError('--out is required');
  const pgdata = embeddedDataDir(
    context,
    'DATABASE_URL is set: backup covers the embedded database only. Back up a PostgreSQL server with its own pg_dump (pg_dump --no-owner --no-privileges "$DATABASE_URL" > FILE).',
  );
  const summary = await asCommand(backupEmbedded(pgdata, values.out));
  context.out(`Backed up ${pgdata} to ${summary.file} (${sizeText(summary.bytes)}, ${summary.tables} tables).`);
}

/** Replaces the embedded database with the dump in --in, keeping the old one beside it. */
export async function restoreCommand(args: string[], context: CliContext): Promise<void> {
  const values = parseOptions(args, { in: { type: 'string' }, force: { type: 'boolean' } });
  if (values.in === undefined) throw new UsageError('--in is required');
  const pgdata = embeddedDataDir(
    context,
    'DATABASE_URL is set: restore covers the embedded database only. Load a dump into a PostgreSQL server with psql (psql -v ON_ERROR_STOP=1 -f FILE "$DATABASE_URL"), into an empty database.',
  );
  const summary = await asCommand(restoreEmbedded(pgdata, path.resolve(values.in), { force: values.force === true }));
  const migrated = summary.migrationsApplied > 0 ? `, then applied ${summary.migrationsApplied} newer migration(s)` : '';
  context.out(`Restored ${summary.tables} tables (${summary.rows} rows) from ${path.resolve(values.in)} into ${pgdata}${migrated}.`);
  if (summary.keptAs) context.out(`The previous database is kept as ${summary.keptAs}; delete it once the restored one is right.`);
}

export const commands: Record<string, Command> = {
  'create-admin': {
    usage: 'create-admin --email E --password P',
    summary: `create an admin, or promote the user with that email (password: ${PASSWORD_MIN_LENGTH}+ characters)`,
    run: createAdminCommand,
  },
  'create-codes': {
    usage: 'create-codes --game GAME_ID --count N [--prefix P]',
    summary: `print N (1-${GENERATE_CODES_MAX}) new codes for a game, one a line (prefix: up to ${CODE_PREFIX_MAX} letters A-Z and digits)`,
    run: createCodesCommand,
  },
  backup: {
    usage: 'backup --out FILE',
    summary: 'write a plain SQL dump of the embedded database to FILE (psql -f loads it into a PostgreSQL server too); only while the server is stopped',
    run: backupCommand,
  },
  restore: {
    usage: 'restore --in FILE [--force]',
    summary:
      'replace the embedded database with a dump made by backup, then migrate it; the old one is kept as pgdata.before-restore-<time>. --force: replace a database that exists. Only while the server is stopped',
    run: restoreCommand,
  },
};

function usage(): string {
  const lines = Object.values(commands).map((c) => `  npm run cli -- ${c.usage}\n      ${c.summary}`);
  return ['Usage:', ...lines].join('\n');
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  const options = databaseOptionsFromConfig(config);
  // PGlite does not lock its directory: a second process would corrupt it, so refuse here.
  const inUse = options.kind === 'pglite' && options.dataDir ? inUseMessage(options.dataDir) : null;
  if (inUse) throw new CommandError(inUse);
  const database = await openDatabase(options);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

type CliIo = { env: NodeJS.ProcessEnv; out(line: string): void; err(line: string): void };

/** Runs one command line; returns the exit code (0 done, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`Unknown command: ${name}\n${usage()}`);
    return 2;
  }
  let opened: Promise<Database> | undefined;
  let config: Config | undefined;
  const context: CliContext = {
    out: io.out,
    config: () => (config ??= loadConfig(io.env)),
    async database() {
      opened ??= openConfiguredDatabase(context.config());
      return (await opened).db;
    },
  };
  try {
    await command.run(args, context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: npm run cli -- ${command.usage}`);
      return 2;
    }
    io.err(error instanceof ConfigError || error instanceof CommandError ? error.message : String((error as Error).stack ?? error));
    return 1;
  } finally {
    await opened?.then((database) => database.close()).catch(() => undefined);
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
