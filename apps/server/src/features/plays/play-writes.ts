import { and, eq } from 'drizzle-orm';
import type { Progress } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { plays } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';
import { emitProgress } from './live.ts';
import { cachedPlay, findPlay, holdsPlay, rememberPlay } from './play-cache.ts';
import { playState, playWhere, progressOf, type PlayContext, type PlayRow, type PlayState, type ProgressQuestion } from './play-context.ts';
import { playStatesOf } from './play-states.ts';
import type { PlayStep, PlaysDeps } from './service.ts';

/** What a progress action decides to write: new question states, an end time, or nothing (null). */
export type Change = { questions?: ProgressQuestion[]; endTime?: Date } | null;

/**
 * Reads the play under a row lock, lets `decide` work out the change (null: nothing to change, reply
 * with the play as it is; throw: refuse), writes it, and publishes it after the commit. Devices that
 * share a code may update at the same moment; the lock makes each see the other's change.
 *
 * Most changes first try without the lock, in one statement: decided on the play as this process last
 * saw it (the play cache), written only if the row is still that one (its lastUpdate, which every write
 * moves forward by at least a millisecond, so it is the row's version). A thousand teams' changes then
 * cost one round trip each rather than four. Anything else (the row moved on, a refusal or no change
 * decided on the cached play, which may be stale) takes the locked way, which decides again.
 */
export async function updatePlay(
  deps: PlaysDeps,
  ctx: PlayContext,
  step: PlayStep,
  decide: (state: PlayState) => Change,
): Promise<{ progress: Progress; changed: boolean; play: PlayRow }> {
  // Not kept here (another process wrote it last): read it, then write on it as on a kept one; two
  // round trips rather than a transaction's four.
  if (!holdsPlay(deps.db, ctx)) await findPlay(deps.db, ctx);
  const outcome = (await writeOnCachedPlay(deps.db, ctx, decide)) ?? (await updateLocked(deps.db, ctx, decide));
  rememberPlay(deps.db, ctx, outcome.play);
  const progress = progressOf(ctx, outcome.play);
  if (outcome.changed) publish(deps, ctx, progress, step);
  return { progress, ...outcome };
}

/** A write's lastUpdate: now, and always after the one before (two writes in one millisecond still differ). */
const nextUpdateTime = (play: PlayRow) => new Date(Math.max(Date.now(), play.lastUpdate.getTime() + 1));

function changedRow(ctx: PlayContext, play: PlayRow, change: NonNullable<Change>) {
  const { questions, ...rest } = change;
  return { ...rest, ...(questions && { states: playStatesOf(ctx.content.questions, questions, play.states) }), lastUpdate: nextUpdateTime(play) };
}

async function writeOnCachedPlay(db: Db, ctx: PlayContext, decide: (state: PlayState) => Change): Promise<{ play: PlayRow; changed: true } | null> {
  const cached = cachedPlay(db, ctx);
  if (!cached?.startTime) return null;
  let change: Change;
  try {
    change = decide(playState(cached, ctx.content));
  } catch {
    return null;
  }
  if (!change) return null;
  const [updated] = await db
    .update(plays)
    .set(changedRow(ctx, cached, change))
    .where(and(eq(plays.id, cached.id), eq(plays.lastUpdate, cached.lastUpdate)))
    .returning();
  return updated ? { play: updated, changed: true } : null;
}

async function updateLocked(db: Db, ctx: PlayContext, decide: (state: PlayState) => Change): Promise<{ play: PlayRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [play] = await tx.select().from(plays).where(playWhere(ctx)).for('update');
    if (!play?.startTime) throw conflict('The game has not started for this code yet: start it first');
    const change = decide(playState(play, ctx.content));
    if (!change) return { play, changed: false };
    const [updated] = await tx.update(plays).set(changedRow(ctx, play, change)).where(eq(plays.id, play.id)).returning();
    return { play: updated, changed: true };
  });
}

/** A change, to the play's phones and to whoever follows plays (an event's control room); a failure there is logged, never the player's. */
export function publish(deps: PlaysDeps, ctx: PlayContext, progress: Progress, step: PlayStep): void {
  emitProgress(deps.realtime.io, { gameId: ctx.game.id, codeId: ctx.code.id }, progress);
  deps.onPlayChanged({ code: ctx.code, progress, step }).catch((error: unknown) => deps.log.error({ err: error, codeId: ctx.code.id }, 'could not report a play change'));
}
