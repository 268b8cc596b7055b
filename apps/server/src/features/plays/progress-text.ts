import { progressSchema, type GameContent, type Progress } from '@streethunt/shared';
import type { GameRow } from '../../db/game-rows.ts';
import type { GameCode } from '../codes/service.ts';
import { playState, toProgress, type PlayContext, type PlayRow } from './play-context.ts';

/**
 * get-game-progress as JSON text, checked against the shared schema when made. A play is read far more
 * often than it changes, so the text is kept beside the play row it was made of (the play cache's
 * object: a write or a re-read brings a new one) for the same game row and code, until the score's
 * elapsed minute moves on. It is fresh exactly when progressOf would be: the play cache decides.
 */
export type PreparedProgress = { json: string };
type ProgressText = { game: GameRow; code: GameCode; from: number; until: number; prepared: PreparedProgress };
const progressTexts = new WeakMap<PlayRow, ProgressText>();

export const prepareProgress = (progress: Progress): PreparedProgress => ({ json: JSON.stringify(progressSchema.parse(progress)) });

/** The span of time around `now` in which a play's progress stays as it is: its score loses a point each whole minute of an unfinished play. */
function unchangedSpan(play: PlayRow, now: number): { from: number; until: number } {
  if (!play.startTime || play.endTime) return { from: -Infinity, until: Infinity };
  const start = play.startTime.getTime();
  if (now < start) return { from: -Infinity, until: start };
  const from = start + Math.floor((now - start) / 60_000) * 60_000;
  return { from, until: from + 60_000 };
}

/**
 * A play not started yet reads the same for every code of a game row but for its code and its
 * lastUpdate (now): its text is kept per game row and content, cut around those two values. Both are
 * top-level keys, and JSON escapes every quote inside a value, so each occurs once in the text.
 */
type UnstartedText = { content: GameContent; head: string; middle: string; tail: string };
const unstartedTexts = new WeakMap<GameRow, UnstartedText>();

function unstartedProgress(ctx: PlayContext, now: Date): PreparedProgress {
  let kept = unstartedTexts.get(ctx.game);
  if (!kept || kept.content !== ctx.content) {
    const progress = toProgress(ctx.game, ctx.content, ctx.code, null, now);
    const { json } = prepareProgress(progress);
    const secret = `"game_secret":${JSON.stringify(progress.game_secret)}`;
    const lastUpdate = `"lastUpdate":${JSON.stringify(progress.lastUpdate)}`;
    const [head, rest] = [json.slice(0, json.indexOf(secret)), json.slice(json.indexOf(secret) + secret.length)];
    const [middle, tail] = [rest.slice(0, rest.indexOf(lastUpdate)), rest.slice(rest.indexOf(lastUpdate) + lastUpdate.length)];
    unstartedTexts.set(ctx.game, (kept = { content: ctx.content, head, middle, tail }));
  }
  return { json: `${kept.head}"game_secret":${JSON.stringify(ctx.code.code)}${kept.middle}"lastUpdate":"${now.toISOString()}"${kept.tail}` };
}

export function preparedProgressOf(ctx: PlayContext, play: PlayRow | null, now = new Date()): PreparedProgress {
  // Not started: its lastUpdate is now, so only the cut text is kept.
  if (!play) return unstartedProgress(ctx, now);
  const at = now.getTime();
  const kept = progressTexts.get(play);
  if (kept && kept.game === ctx.game && kept.code.id === ctx.code.id && kept.code.code === ctx.code.code && at >= kept.from && at < kept.until) return kept.prepared;
  const prepared = prepareProgress(toProgress(ctx.game, ctx.content, ctx.code, playState(play, ctx.content), now));
  progressTexts.set(play, { game: ctx.game, code: ctx.code, ...unchangedSpan(play, at), prepared });
  return prepared;
}
