import { and, eq } from 'drizzle-orm';
import { computeScore, playFlow, playOutcomes, withRulePoints, type Flow, type GameContent, type Progress } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { findGameForPlayers, readGameContent, type GameRow } from '../../db/game-rows.ts';
import { plays } from '../../db/schema.ts';
import { wrongCode, type GameCode } from '../codes/service.ts';
import { contentOfVersion } from '../games/versions.ts';
import { progressQuestions } from './play-states.ts';

/** A play's row: one per game and code, made by set-start-time. */
export type PlayRow = typeof plays.$inferSelect;
export type ProgressQuestion = Progress['questions'][number];

/** A play's state as the progress rules see it. */
export type PlayState = Pick<PlayRow, 'startTime' | 'endTime' | 'lastUpdate'> & { questions: ProgressQuestion[] };

/** The game row, the content of the version the play is on, and the code it is played with. */
export type PlayContext = { game: GameRow; content: GameContent; code: GameCode };

/** A play's Progress reply, from its state (null: not started). */
export function toProgress(game: GameRow, content: GameContent, code: GameCode, state: PlayState | null, now = new Date()): Progress {
  const played = state?.questions ?? progressQuestions(content.questions, {});
  const outcomes = playOutcomes(content.questions, played);
  const questions = withRulePoints(content.questions, played, outcomes);
  const startTime = state?.startTime ?? null;
  const endTime = state?.endTime ?? null;
  const { scoring, order } = content.metadata;
  return {
    game_id: game.id,
    game_secret: code.code,
    game_name: content.metadata.name,
    startTime: startTime?.toISOString() ?? null,
    endTime: endTime?.toISOString() ?? null,
    lastUpdate: (state?.lastUpdate ?? now).toISOString(),
    questions,
    score: computeScore({ startTime, endTime, questions }, now, scoring),
    flow: playFlow(content.questions, order, { startTime, endTime, questions }, scoring, now, outcomes),
  };
}

/** The flow of a play's state now (content/play-flow.ts): what the server lets it change. */
export function flowOfState(content: GameContent, state: PlayState, now = new Date()): Flow {
  return playFlow(content.questions, content.metadata.order, state, content.metadata.scoring, now);
}

export const playState = (play: PlayRow, content: GameContent): PlayState => ({
  startTime: play.startTime,
  endTime: play.endTime,
  lastUpdate: play.lastUpdate,
  questions: progressQuestions(content.questions, play.states),
});

/** The context of a code already checked: its game as players read it (403 wrong_code if the game is gone). */
export async function contextForCode(db: Db, code: GameCode): Promise<PlayContext> {
  const game = await findGameForPlayers(db, code.gameId);
  // The game was deleted a moment ago (its codes go with it).
  if (!game) throw wrongCode();
  return { game, content: readGameContent(game), code };
}

/**
 * The context of a play on the version of the game it started on (a play keeps it until it ends): the
 * row's content when it is that version, else the kept one. Not started: the row's.
 */
export async function onItsVersion(db: Db, ctx: PlayContext, play: PlayRow | null): Promise<PlayContext> {
  if (!play || play.gameVersion === ctx.game.version) return ctx;
  return { ...ctx, content: (await contentOfVersion(db, ctx.game, play.gameVersion)).content };
}

export const playWhere = (ctx: PlayContext) => and(eq(plays.gameId, ctx.game.id), eq(plays.codeId, ctx.code.id));

/** The Progress of a play (null: not started; nothing is stored until set-start-time). */
export function progressOf(ctx: PlayContext, play: PlayRow | null, now = new Date()): Progress {
  return toProgress(ctx.game, ctx.content, ctx.code, play && playState(play, ctx.content), now);
}
