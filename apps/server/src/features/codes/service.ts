import { and, eq } from 'drizzle-orm';
import { CODE_PREFIX_MAX, generateGameCode, normalizeGameCode } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games } from '../../db/schema.ts';
import { createAttemptLimiter, type AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';

export type CodeSource = (typeof gameCodes.$inferSelect)['source'];
export type GameCode = typeof gameCodes.$inferSelect;

/** 45 random bits make a clash rare; a clash just draws again. */
const MAX_ATTEMPTS = 5;

/** Makes `count` new codes for a game, each unique across all games. */
export async function createGameCodes(
  db: Db,
  input: { gameId: string; count: number; prefix?: string; source: CodeSource; purchaseId?: string; createdBy?: string },
): Promise<GameCode[]> {
  const created: GameCode[] = [];
  for (let i = 0; i < input.count; i++) {
    for (let attempt = 1; ; attempt++) {
      const [row] = await db
        .insert(gameCodes)
        .values({
          code: generateGameCode(input.prefix ?? ''),
          gameId: input.gameId,
          source: input.source,
          purchaseId: input.purchaseId,
          createdBy: input.createdBy,
        })
        .onConflictDoNothing({ target: gameCodes.code })
        .returning();
      if (row) {
        created.push(row);
        break;
      }
      if (attempt >= MAX_ATTEMPTS) throw new Error('could not draw a unique game code');
    }
  }
  return created;
}

/** The code row when `typed` is a valid code for this game; null otherwise (never says whether it exists elsewhere). */
export async function findGameCode(db: Db, gameId: string, typed: string): Promise<GameCode | null> {
  const code = normalizeGameCode(typed);
  if (!code) return null;
  const [row] = await db
    .select()
    .from(gameCodes)
    .where(and(eq(gameCodes.code, code), eq(gameCodes.gameId, gameId)));
  return row ?? null;
}

/** Code guessing (DESIGN.md section 4): per client IP, this many wrong codes per window, then 429. */
export const WRONG_CODES_PER_WINDOW = 10;
export const WRONG_CODE_WINDOW_MS = 10 * 60_000;

const limiters = new WeakMap<object, AttemptLimiter>();

/**
 * The wrong-code counter of one app (keyed by its services object, so each app, and each test app,
 * has its own). Shared by GET /api/games/{id} with x-game-secret, POST /api/game-progress and the
 * socket's progress:watch. In memory, per process: see platform/attempt-limiter.ts.
 */
export function codeAttemptLimiter(owner: object): AttemptLimiter {
  let limiter = limiters.get(owner);
  if (!limiter) {
    limiter = createAttemptLimiter({ max: WRONG_CODES_PER_WINDOW, windowMs: WRONG_CODE_WINDOW_MS });
    limiters.set(owner, limiter);
  }
  return limiter;
}

/**
 * Free games (price empty or 0) start without a code: the server issues one per play, so the team can
 * share it. Each one is a row (the code and its play), so per client IP this many per window, then 429.
 * Generous for a class on one school network, useless for filling the tables.
 */
export const FREE_PLAYS_PER_WINDOW = 30;
export const FREE_PLAY_WINDOW_MS = 60 * 60_000;

const freePlayLimiters = new WeakMap<object, AttemptLimiter>();

/** The free-play counter of one app (like codeAttemptLimiter; each issued code counts as one attempt). */
export function freePlayLimiter(owner: object): AttemptLimiter {
  let limiter = freePlayLimiters.get(owner);
  if (!limiter) {
    limiter = createAttemptLimiter({ max: FREE_PLAYS_PER_WINDOW, windowMs: FREE_PLAY_WINDOW_MS });
    freePlayLimiters.set(owner, limiter);
  }
  return limiter;
}

export const tooManyFreePlays = (retryMs: number) =>
  new AppError(429, 'rate_limited', `Too many free games started, try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes`);

export const WRONG_CODE_MESSAGE = 'This code is not valid for this game';

export const wrongCode = () => new AppError(403, 'wrong_code', WRONG_CODE_MESSAGE);

export const tooManyWrongCodes = (retryMs: number) =>
  new AppError(429, 'rate_limited', `Too many wrong codes, try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes`);

export type CodeCheck = { db: Db; limiter: AttemptLimiter; gameId: string; typed: string; client: string };

/**
 * The code row when `typed` is valid for this game, or null (a wrong code, whether or not it exists
 * for another game, counts as a failed attempt). A client over its allowance gets 429 even for a
 * right code, until its window ends.
 */
export async function checkGameCode({ db, limiter, gameId, typed, client }: CodeCheck): Promise<GameCode | null> {
  const blockedMs = limiter.blockedFor(client);
  if (blockedMs > 0) throw tooManyWrongCodes(blockedMs);
  const cache = validCodes(db);
  const key = `${gameId}\n${normalizeGameCode(typed)}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const row = await findGameCode(db, gameId, typed);
  if (row) cache.set(key, row);
  else limiter.recordFailure(client);
  return row;
}

/**
 * Codes found valid lately, per database: players send their code with every call, and a code, once
 * made, stays valid for its game. Only valid codes are kept (a new code works at once); the cached
 * row's activatedAt may be behind, so code checks use it for its id and game only.
 */
const validCodes = perOwner(() => new TtlMap<string, GameCode>(60_000, 20_000));

/** Like checkGameCode, but a wrong code is a 403 wrong_code, the same for every wrong code. */
export async function requireGameCode(check: CodeCheck): Promise<GameCode> {
  const row = await checkGameCode(check);
  if (!row) throw wrongCode();
  return row;
}

export const MAX_CODES_PER_REQUEST = 1000;

/** Prefixes are typed by players too: letters, digits and dashes, stored upper-case. */
const PREFIX_PATTERN = /^[A-Za-z0-9-]*$/;

/** New codes for an existing game, made by an admin (the CLI, the admin screen). */
export async function createAdminCodes(
  db: Db,
  input: { gameId: string; count: number; prefix?: string; createdBy?: string },
): Promise<GameCode[]> {
  const prefix = input.prefix?.trim() ?? '';
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_REQUEST) {
    throw badRequest(`The number of codes must be a whole number from 1 to ${MAX_CODES_PER_REQUEST}`);
  }
  if (prefix.length > CODE_PREFIX_MAX || !PREFIX_PATTERN.test(prefix)) {
    throw badRequest(`The prefix may have up to ${CODE_PREFIX_MAX} letters, digits or dashes`);
  }
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, input.gameId));
  if (!game) throw notFound(`No game with id ${input.gameId}`);
  return createGameCodes(db, { gameId: game.id, count: input.count, prefix, source: 'admin', createdBy: input.createdBy });
}
