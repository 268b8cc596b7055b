import { and, count, eq, sql } from 'drizzle-orm';
import { isFreePrice, isTrialExpired, MONEY_TIME_ZONE, offersTrial } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { findGameForPlayers, readGameContent } from '../../db/game-rows.ts';
import { gameCodes, games, plays, trials } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';
import type { AttemptLimiter } from '../../platform/shared-state/attempt-limiter.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { createGameCodes, forgetGameCode, tooManyTrials, type CodeGate, type GameCode } from '../codes/service.ts';
import { trialExpired } from '../plays/trial-gate.ts';
import { contextForCode, onItsVersion, playWhere, progressOf } from '../plays/play-context.ts';
import { emitProgress } from '../plays/live.ts';
import type { Services } from '../../services.ts';

// Try before you buy (DESIGN.md section 15): a trial code plays a paid game's free questions; buying
// with it turns its play into the bought play (fulfil.ts calls buyTrialCode).

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type TrialsDeps = { db: Db; trialLimiter: AttemptLimiter };

const trialUsed = () => new AppError(409, 'trial_used', 'This game was already tried from this phone or account: buy it to play on');

/**
 * POST /api/trials: a trial code of an approved paid game that offers free questions, one per game
 * per phone (deviceId) and per account (when signed in), rate limited per client. The code's play
 * starts with set-start-time like any code's.
 */
export async function startTrial(deps: TrialsDeps, input: { gameId: string; deviceId: string; userId: string | null; client: string }): Promise<{ code: string }> {
  const game = await findGameForPlayers(deps.db, input.gameId);
  if (!game || game.status !== 'APPROVED') throw notFound('No such game');
  const { metadata } = readGameContent(game);
  if (isFreePrice(metadata.price)) throw conflict('This game is free: it needs no trial', 'no_trial');
  if (!offersTrial(metadata.freeQuestions)) throw conflict('This game offers no trial', 'no_trial');
  // Asked before the limit counts, so a phone asking again is told so and uses none of its address's trials.
  if (await hasTried(deps.db, game.id, input)) throw trialUsed();
  const attempt = await deps.trialLimiter.attempt(input.client);
  if (!attempt.allowed) throw tooManyTrials(attempt.retryMs);
  let issued: GameCode | undefined;
  try {
    issued = await deps.db.transaction(async (tx) => {
      const [code] = await createGameCodes(tx, { gameId: game.id, count: 1, source: 'trial' });
      await tx.insert(trials).values({ gameId: game.id, codeId: code.id, deviceId: input.deviceId, userId: input.userId });
      return code;
    });
  } catch (error) {
    // Two requests of one phone or account at once: the unique index keeps one trial.
    if (violatedUniqueIndex(error) !== null) throw trialUsed();
    throw error;
  } finally {
    await attempt.settle(issued !== undefined);
  }
  return { code: issued.code };
}

async function hasTried(db: Db, gameId: string, who: { deviceId: string; userId: string | null }): Promise<boolean> {
  const same = who.userId === null ? eq(trials.deviceId, who.deviceId) : sql`(${trials.deviceId} = ${who.deviceId} or ${trials.userId} = ${who.userId})`;
  const [row] = await db.select({ id: trials.id }).from(trials).where(and(eq(trials.gameId, gameId), same)).limit(1);
  return row !== undefined;
}

/**
 * get-url with a trialCode: the trial code of this game the purchase will buy on (its id), checked
 * through the code gate (a wrong code counts as a wrong try). Refused: not a code of this game or
 * not a trial (400), bought already (409), past its 24 hours (410), another account's trial (403).
 */
export async function trialToBuy(codes: CodeGate, input: { gameId: string; trialCode: string; client: string; buyerUserId: string | null }, db: Db): Promise<string> {
  const code = await codes.check({ gameId: input.gameId, typed: input.trialCode, client: input.client });
  if (!code) throw badRequest('trialCode is not a trial code of this game');
  // The cached row may be behind a purchase made a moment ago: the stored one decides.
  const [row] = await db.select({ code: gameCodes, trial: trials }).from(gameCodes).innerJoin(trials, eq(trials.codeId, gameCodes.id)).where(eq(gameCodes.id, code.id));
  if (!row) throw badRequest('trialCode is not a trial code of this game');
  if (row.code.source !== 'trial') throw conflict('This trial was bought already: its code plays the whole game');
  if (isTrialExpired(row.code.createdAt)) throw trialExpired();
  if (row.trial.userId !== null && input.buyerUserId !== null && row.trial.userId !== input.buyerUserId) throw forbidden('This trial belongs to another account');
  return row.code.id;
}

/**
 * In the transaction that makes a purchase paid: the trial code it was bought on becomes the bought
 * code (source 'purchase', its purchaseId), so its play, progress, score and start time go on as they
 * are, on every phone of the team, without a question limit or an end. Null when that code is not a
 * trial any more (bought by another purchase meanwhile): the caller makes a new code as for any purchase.
 */
export async function buyTrialCode(tx: Tx, trialCodeId: string, purchaseId: string): Promise<GameCode | null> {
  const [code] = await tx
    .update(gameCodes)
    .set({ source: 'purchase', purchaseId })
    .where(and(eq(gameCodes.id, trialCodeId), eq(gameCodes.source, 'trial')))
    .returning();
  if (!code) return null;
  await tx.update(trials).set({ purchaseId, boughtAt: new Date() }).where(eq(trials.codeId, code.id));
  return code;
}

/**
 * After the purchase's transaction: every process stops reading the code as a trial (the code cache),
 * and the team's phones watching the play hear of it (its progress, as after every change), so a phone
 * holding locked questions reads the game again. A failed push is logged: the purchase stands.
 */
export async function announceBoughtTrial(
  deps: { db: Db; realtime?: Services['realtime']; log: { error(details: object, message: string): void } },
  code: GameCode,
): Promise<void> {
  forgetGameCode(deps.db, code);
  if (!deps.realtime) return;
  try {
    const opened = await contextForCode(deps.db, code);
    const [play] = await deps.db.select().from(plays).where(playWhere(opened));
    if (!play) return;
    emitProgress(deps.realtime.io, { gameId: code.gameId, codeId: code.id }, progressOf(await onItsVersion(deps.db, opened, play), play));
  } catch (error) {
    deps.log.error({ err: error, codeId: code.id }, 'could not tell a trial’s phones it was bought');
  }
}

/** The trial funnel of a builder's games: trials issued in the months asked, and how many of them were bought. */
export async function trialFunnel(db: Db, builderId: string, range: { from: string; to: string }): Promise<{ started: number; bought: number }> {
  // Months in Israel time, as the report's sales are counted.
  const month = sql`to_char(${trials.createdAt} at time zone ${sql.raw(`'${MONEY_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const [row] = await db
    .select({ started: count(), bought: count(trials.boughtAt) })
    .from(trials)
    .innerJoin(games, eq(games.id, trials.gameId))
    .where(and(eq(games.userId, builderId), sql`${month} between ${range.from} and ${range.to}`));
  return { started: Number(row?.started ?? 0), bought: Number(row?.bought ?? 0) };
}


