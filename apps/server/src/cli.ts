import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CODE_PREFIX_MAX, GENERATE_CODES_MAX, codePrefixSchema, emailSchema, idSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@streethunt/shared';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsFromConfig, openDatabase, type Database, type Db } from './db/client.ts';
import { saveAdmin } from './features/account/service.ts';
import { createAdminCodes } from './features/codes/service.ts';
import { AppError } from './platform/errors.ts';

/** Operator commands: `npm run cli -- <command> [options]`, on the database the environment names. */

export class UsageError extends Error {}

export type CliContext = {
  /** The configured database, opened and migrated on first use. */
  database(): Promise<Db>;
  out(line: string): void;
};

type Command = { usage: string; summary: string; run(args: string[], context: CliContext): Promise<void> };

const createAdminArgs = z.object({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH),
});

/** Creates an admin, or promotes the user with that email (and sets the password). */
export async function createAdminCommand(args: string[], context: CliContext): Promise<void> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = ['email', 'password'].filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new UsageError(missing.map((name) => `--${name} is required`).join('\n'));
  const parsed = createAdminArgs.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  const outcome = await saveAdmin(await context.database(), parsed.data);
  context.out(outcome === 'created' ? `Created admin ${parsed.data.email}.` : `Promoted ${parsed.data.email} to admin and set the password.`);
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
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options: { game: { type: 'string' }, count: { type: 'string' }, prefix: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = ['game', 'count'].filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new UsageError(missing.map((name) => `--${name} is required`).join('\n'));
  const parsed = createCodesArgs.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  let codes;
  try {
    codes = await createAdminCodes(await context.database(), { gameId: parsed.data.game, count: parsed.data.count, prefix: parsed.data.prefix });
  } catch (error) {
    // An unknown game: say so plainly, without a stack trace.
    if (error instanceof AppError) throw new CommandError(error.message);
    throw error;
  }
  for (const code of codes) context.out(code.code);
}

/** A command that could not be done, with a message for the operator (exit 1, no stack trace). */
export class CommandError extends Error {}

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
};

function usage(): string {
  const lines = Object.values(commands).map((c) => `  npm run cli -- ${c.usage}\n      ${c.summary}`);
  return ['Usage:', ...lines].join('\n');
}

async function openConfiguredDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  const database = await openDatabase(databaseOptionsFromConfig(loadConfig(env)));
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
  const context: CliContext = {
    out: io.out,
    async database() {
      opened ??= openConfiguredDatabase(io.env);
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
