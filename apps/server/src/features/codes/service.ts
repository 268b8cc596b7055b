import { and, eq } from 'drizzle-orm';
import { CODE_PREFIX_MAX, GENERATE_CODES_MAX, codePrefixSchema, codeQtySchema, generateGameCode, normalizeGameCode } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games } from '../../db/schema.ts';
import type { AttemptLimiter } from '../../platform/shared-state/attempt-limiter.ts';
import { cacheBus } from '../../platform/shared-state/cache-bus.ts';
import type { SharedState } from '../../platform/shared-state/shared-state.ts';
import { purposeKey, signer } from '../../platform/signing.ts';
import { perOwner, TtlMap } from '../../platform/ttl-map.ts';
import { AppError, badRequest, notFound, rateLimited } from '../../platform/errors.ts';

export type CodeSource = (typeof gameCodes.$inferSelect)['source'];
export type GameCode = typeof gameCodes.$inferSelect;

/** 45 random bits make a clash rare; a clash just draws again. */
const MAX_ATTEMPTS = 5;

/** Makes `count` new codes for a game, each unique across all games. */
export async function createGameCodes(
  db: Db,
  input: { gameId: string; count: number; prefix?: string; source: CodeSource; purchaseId?: string; createdBy?: string; batchId?: string },
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
          batchId: input.batchId,
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

/**
 * The code row when `typed` is a code of this game, disabled or not; null otherwise (never says whether
 * it exists elsewhere). A disabled code (its purchase refunded) is no longer valid: the caller says so.
 */
async function findGameCode(db: Db, gameId: string, typed: string): Promise<GameCode | null> {
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

/**
 * The wrong-code counter of one app (each app, and each test app, has its own shared state). Every
 * code check goes through codeGate, which counts here; with Redis, every process counts together.
 */
const codeAttemptLimiter = (services: { shared: SharedState }) =>
  services.shared.attemptLimiter('wrong-code', { max: WRONG_CODES_PER_WINDOW, windowMs: WRONG_CODE_WINDOW_MS });

/**
 * Free games (price empty or 0) start without a code: the server issues one per play, so the team can
 * share it. Each one is a row (the code and its play), so per client IP this many per window, then 429.
 * Generous for a class on one school network, useless for filling the tables.
 */
export const FREE_PLAYS_PER_WINDOW = 30;
const FREE_PLAY_WINDOW_MS = 60 * 60_000;

/** The free-play counter of one app (like codeAttemptLimiter; each issued code counts as one attempt). */
export const freePlayLimiter = (services: { shared: SharedState }) =>
  services.shared.attemptLimiter('free-play', { max: FREE_PLAYS_PER_WINDOW, windowMs: FREE_PLAY_WINDOW_MS });

/**
 * Trials of paid games (features/trials) are issued codes too, one per game per phone: per client IP
 * (an IPv6 client by its /64, as every attempt limiter counts) this many per window, then 429.
 */
export const TRIALS_PER_WINDOW = 10;
const TRIAL_WINDOW_MS = 60 * 60_000;

/** The trial counter of one app (like freePlayLimiter; each issued trial counts as one attempt). */
export const trialLimiter = (services: { shared: SharedState }) =>
  services.shared.attemptLimiter('trial', { max: TRIALS_PER_WINDOW, windowMs: TRIAL_WINDOW_MS });

export const tooManyTrials = (retryMs: number) =>
  rateLimited(`Too many trials started, try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes`, retryMs);

export const tooManyFreePlays = (retryMs: number) =>
  rateLimited(`Too many free games started, try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes`, retryMs);

const WRONG_CODE_MESSAGE = 'This code is not valid for this game';

export const wrongCode = () => new AppError(403, 'wrong_code', WRONG_CODE_MESSAGE);

/**
 * A real code of the game that was stopped (its purchase refunded): whoever types it holds it, so it
 * is no guess and gets its own answer (410: it existed and is gone), not 'wrong code'.
 */
const codeRefunded = () => new AppError(410, 'code_refunded', 'This code was refunded and no longer works');

export const tooManyWrongCodes = (retryMs: number) =>
  rateLimited(`Too many wrong codes, try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes`, retryMs);

/**
 * One code check for every door that takes a game code (GET /api/games/{id} with x-game-secret,
 * POST /api/game-progress, the socket's progress:watch, feedback and problem reports), so they share
 * one wrong-code counter per client address (DESIGN.md section 4).
 */
export type CodeRequest = {
  gameId: string;
  /** The code as the player typed it. */
  typed: string;
  /** The client address the wrong-code limit counts (request.ip, or the socket's). */
  client: string;
  /** The play grant the device was given with its play (set-start-time), if it sends one. */
  grant?: string;
};

export type CodeGate = {
  /**
   * The code row when `typed` is valid for this game, or null (a wrong code counts as a wrong try). 429
   * when the client is blocked and has no valid grant; 410 code_refunded for a stopped code (not counted).
   */
  check(request: CodeRequest): Promise<GameCode | null>;
  /** Like check, but a wrong code is a 403 wrong_code, the same for every wrong code. */
  require(request: CodeRequest): Promise<GameCode>;
  /** The play grant of this game and code (what set-start-time hands the device). */
  grantFor(code: Pick<GameCode, 'gameId' | 'code'>): string;
  /** The shared wrong-code counter (the free-play start reads whether a client is blocked). */
  limiter: AttemptLimiter;
};

/** Base64url of this many bytes of HMAC-SHA256: 128 bits cannot be guessed, 22 characters to send. */
const GRANT_BYTES = 16;
const GRANT_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The code gate of one app (keyed by its services object, like codeAttemptLimiter, so each test app
 * has its own counter).
 *
 * A play grant lets a device that already holds a play keep playing from an address that is blocked
 * for wrong codes (a school's NAT where someone guessed): a device gets it from set-start-time, and
 * a request that carries a valid grant for its game and code is neither refused by the block nor
 * counted. It is an HMAC (keyed from the server's JWT secret) of the game id and the normalized code:
 * a play is the one play of its game and code, so this binds it to the play, and no one can make one
 * without a real code and the server's key. Guessing gains nothing: a request without a valid grant
 * goes through the limiter exactly as before. A grant that does not match (forged, or another play's)
 * is ignored.
 */
export const codeGate = perOwner((services: { db: Db; config: { jwtSecret: string }; shared: SharedState }): CodeGate => {
  const { db } = services;
  const limiter = codeAttemptLimiter(services);
  // Its own key, so a grant is never something the JWT signer would accept, nor the other way round.
  const grants = signer(purposeKey(services.config.jwtSecret, 'streethunt play grant v1'), { bytes: GRANT_BYTES });
  const grantMessage = (gameId: string, code: string) => `${gameId}\n${code}`;
  const isGranted = ({ gameId, typed, grant }: CodeRequest): boolean => {
    if (!grant || !GRANT_PATTERN.test(grant)) return false;
    const code = normalizeGameCode(typed);
    if (!code) return false;
    // Only the spelling the server issued is accepted: the last of 22 base64url characters carries 4
    // spare bits, and the signer compares text, not decoded bytes.
    return grants.verify(grantMessage(gameId, code), grant);
  };

  const check = async (request: CodeRequest): Promise<GameCode | null> => {
    const granted = isGranted(request);
    const cache = validCodes(db);
    const cacheKey = `${request.gameId}\n${normalizeGameCode(request.typed)}`;
    const cached = cache.get(cacheKey);
    if (cached) {
      // Only valid codes are kept, so this judges no guess; a blocked client is still refused.
      const blockedMs = granted ? 0 : await limiter.blockedFor(request.client);
      if (blockedMs > 0) throw tooManyWrongCodes(blockedMs);
      return cached;
    }
    // A guess takes one of the client's tries before it is judged, so a burst of guesses sent at once
    // gets no more judged than the limit; a wrong code then counts, a right one gives its try back.
    const attempt = granted ? null : await limiter.attempt(request.client);
    if (attempt && !attempt.allowed) throw tooManyWrongCodes(attempt.retryMs);
    let row: GameCode | null;
    try {
      row = await findGameCode(db, request.gameId, request.typed);
    } catch (error) {
      // Not judged (the database failed): not a wrong try either.
      await attempt?.settle(false);
      throw error;
    }
    // A stopped code exists: not a guess, so its try is given back like a right code's.
    await attempt?.settle(row === null);
    if (row?.disabledAt) throw codeRefunded();
    if (row) cache.set(cacheKey, row);
    // A granted code that is gone went with its game: not a guess (a granted request takes no try).
    return row;
  };

  return {
    check,
    async require(request) {
      const row = await check(request);
      if (!row) throw wrongCode();
      return row;
    },
    grantFor: (code) => grants.sign(grantMessage(code.gameId, normalizeGameCode(code.code))),
    limiter,
  };
});

/**
 * Codes found valid lately, per database: players send their code with every call, and a code, once
 * made, stays valid for its game until it is disabled (forgetGameCode). Only valid codes are kept (a
 * new code works at once); the cached row's activatedAt may be behind, so code checks use it for its
 * id and game only.
 */
const validCodes = perOwner((db: Db) => {
  const cache = new TtlMap<string, GameCode>(60_000, 20_000);
  cacheBus(db).onForget('code', (key) => (key === null ? cache.clear() : cache.delete(key)));
  return cache;
});

/** After a code is disabled: every process stops accepting it (this one at once, the others through the cache bus). */
export function forgetGameCode(db: Db, code: Pick<GameCode, 'gameId' | 'code'>): void {
  cacheBus(db).forget('code', `${code.gameId}\n${normalizeGameCode(code.code)}`);
}

/**
 * New codes for an existing game, made by an operator from the CLI, under the admin screen's rules
 * (codeQtySchema, codePrefixSchema: 1..500 codes, a prefix of letters and digits). The admin screen
 * records its codes as a batch (admin/code-batches.ts); the CLI has no user to record.
 */
export async function createAdminCodes(db: Db, input: { gameId: string; count: number; prefix?: string }): Promise<GameCode[]> {
  const count = codeQtySchema.safeParse(input.count);
  if (!count.success) throw badRequest(`The number of codes must be a whole number from 1 to ${GENERATE_CODES_MAX}`);
  const prefix = codePrefixSchema.safeParse(input.prefix ?? '');
  if (!prefix.success) throw badRequest(`The prefix may have up to ${CODE_PREFIX_MAX} letters A-Z and digits`);
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, input.gameId));
  if (!game) throw notFound(`No game with id ${input.gameId}`);
  return createGameCodes(db, { gameId: game.id, count: count.data, prefix: prefix.data, source: 'admin' });
}
