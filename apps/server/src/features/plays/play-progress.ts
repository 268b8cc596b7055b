import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Progress } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { findGameForPlayers, readGameContent } from '../../db/game-rows.ts';
import { plays } from '../../db/schema.ts';
import { wrongCode, type GameCode } from '../codes/service.ts';
import { findPlay } from './play-cache.ts';
import { contextForCode, onItsVersion, progressOf } from './play-context.ts';

/** When a play's score stops losing minutes, by its start (an event's end, or a team's own time up); undefined: now. */
export type ScoredAt = (startTime: Date | null) => Date | undefined;

/** A code's play's progress (progress:watch, an event's team), the code already checked. */
export async function progressForCode(db: Db, code: GameCode, scoredAt?: ScoredAt): Promise<Progress> {
  const ctx = await contextForCode(db, code);
  const play = await findPlay(db, ctx);
  return progressOf(await onItsVersion(db, ctx, play), play, scoredAt?.(play?.startTime ?? null));
}

/** Plays scored before progressForCodes lets other work in. */
const SCORE_SLICE = 100;

/**
 * The progress of many codes of one game (an event's teams), their plays read in one query rather than
 * one each: the control room and the teams' ranking read every team at once.
 */
export async function progressForCodes(db: Db, codes: readonly GameCode[], scoredAt?: ScoredAt): Promise<Map<string, Progress>> {
  const byCode = new Map<string, Progress>();
  if (codes.length === 0) return byCode;
  const game = await findGameForPlayers(db, codes[0].gameId);
  if (!game) throw wrongCode();
  const content = readGameContent(game);
  const rows = await db
    .select()
    .from(plays)
    .where(and(eq(plays.gameId, game.id), inArray(plays.codeId, codes.map((code) => code.id))));
  const playOf = new Map(rows.map((row) => [row.codeId, row]));
  for (const [i, code] of codes.entries()) {
    // An event's thousand plays are scored in slices, so the requests that come meanwhile are not held behind them all.
    if (i > 0 && i % SCORE_SLICE === 0) await yieldToLoop();
    const play = playOf.get(code.id) ?? null;
    byCode.set(code.id, progressOf(await onItsVersion(db, { game, content, code }, play), play, scoredAt?.(play?.startTime ?? null)));
  }
  return byCode;
}
