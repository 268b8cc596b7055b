import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ActivePlay, CreatorFeedback, GameContent, MyActiveGamesReply, MyFeedbacksReply, Progress, ProgressType } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { feedbacks, gameCodes, games, plays, purchases } from '../../db/schema.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { readGameContent, type GameRow } from '../../db/game-rows.ts';
import { may } from '../../platform/policy.ts';
import { contentOfVersion } from '../games/versions.ts';
import { progressQuestions } from '../plays/play-states.ts';
import { progressOf } from '../plays/play-context.ts';
import { questionStats } from './question-stats.ts';
import { gameNameSql } from '../../db/game-name.ts';

/**
 * Most plays one report holds, newest first: a report is read by a person, and a game played more
 * than this is summed up by its newest plays (the per-question counts too).
 */
export const MAX_REPORTED_PLAYS = 1_000;

const noSuchGame = () => notFound('No such game');

/**
 * The caller's games (or the one asked for: another's is 404, as if it did not exist), newest change
 * first, each with its feedbacks newest first. Admins see their own games here too.
 */
export async function listMyFeedbacks(db: Db, caller: AccessClaims, query: { gameId?: string }): Promise<MyFeedbacksReply['data']> {
  const mine = await db
    .select({ id: games.id, name: gameNameSql })
    .from(games)
    .where(and(eq(games.userId, caller.userId), query.gameId === undefined ? undefined : eq(games.id, query.gameId)))
    .orderBy(desc(games.updatedAt), desc(games.id));
  if (query.gameId !== undefined && mine.length === 0) throw noSuchGame();
  if (mine.length === 0) return [];

  const rows = await db
    .select()
    .from(feedbacks)
    .where(
      inArray(
        feedbacks.gameId,
        mine.map((game) => game.id),
      ),
    )
    .orderBy(desc(feedbacks.update), desc(feedbacks.id));
  const byGame = new Map<string, CreatorFeedback[]>(mine.map((game) => [game.id, []]));
  for (const row of rows) {
    byGame.get(row.gameId)?.push({
      _id: row.id,
      gameId: row.gameId,
      general: row.general,
      questions: row.questions,
      path: row.path,
      openAnswer: row.openAnswer,
      language: row.language,
      update: row.update.toISOString(),
    });
  }
  return mine.map((game) => ({ _id: game.id, name: game.name, feedbacks: byGame.get(game.id) ?? [] }));
}

/**
 * started: under way; ended: finished; not_started: a code nobody started (no play row: one is made
 * at the start), listed from the codes below.
 */
const progressFilters: Record<ProgressType, SQL | undefined> = {
  all: undefined,
  started: and(isNotNull(plays.startTime), isNull(plays.endTime)),
  not_started: isNull(plays.startTime),
  ended: isNotNull(plays.endTime),
};

/** The buyer's details of a bought code, as a report row gives them. */
const buyer = { name: purchases.fullName, email: purchases.email, phone: purchases.phone };
type Buyer = { name: string; email: string; phone: string } | null;

/** With not_started and all: the game's working codes no play started yet (a refunded one does not work). */
const listsUnplayedCodes = (progressType: ProgressType) => progressType === 'not_started' || progressType === 'all';

/**
 * GET /api/games/my-active-games: the plays of one game of the caller's (an admin: of any game),
 * newest first, at most MAX_REPORTED_PLAYS, each with its progress and score as the player sees them
 * (the same shared score, on the version each started on) and, for a bought code, the buyer; beside
 * them the per-question counts over the plays returned. With not_started (and all), the codes bought
 * or made that nobody played yet are records too, by the code's id and the time it was made, so a
 * creator sees who bought and has not played.
 */
export async function listActivePlays(db: Db, caller: AccessClaims, query: { gameId: string; progressType: ProgressType }): Promise<MyActiveGamesReply> {
  const [game] = await db.select().from(games).where(eq(games.id, query.gameId));
  if (!game || !may(caller, 'edit-game', game)) throw noSuchGame();
  const content = readGameContent(game);

  // plays_game_code_key (game_id, code_id) finds the game's plays; the join is by primary keys.
  const rows = await db
    .select({ play: plays, code: gameCodes, payment: buyer })
    .from(plays)
    .innerJoin(gameCodes, eq(gameCodes.id, plays.codeId))
    .leftJoin(purchases, eq(purchases.id, gameCodes.purchaseId))
    .where(and(eq(plays.gameId, game.id), progressFilters[query.progressType]))
    .orderBy(desc(plays.createdAt), desc(plays.id))
    .limit(MAX_REPORTED_PLAYS);

  // Each play as its players see it: on the version of the game it started on.
  const versions = await Promise.all(rows.map(({ play }) => contentOfVersion(db, game, play.gameVersion)));
  const data = rows.map(({ play, code, payment }, i) =>
    reportRecord({ id: play.id, createdAt: play.createdAt, code, payment }, progressOf({ game, content: versions[i]!.content, code }, play)),
  );
  const unplayed = listsUnplayedCodes(query.progressType) ? await listUnplayedCodes(db, game, content) : [];
  const records = unplayed.length === 0 ? data : [...data, ...unplayed].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, MAX_REPORTED_PLAYS);
  // The per-question counts are by question id, over the game's questions now: a play on an earlier
  // version counts on the questions it shares with it, wherever they moved.
  const byId = rows.map(({ play }) => ({ questions: progressQuestions(content.questions, play.states), startTime: play.startTime, endTime: play.endTime }));
  return { data: records, questions: questionStats(content, byId) };
}

/** One row of the plays report: a play (or a code not played yet) with its progress as the player sees it. */
function reportRecord(row: { id: string; createdAt: Date; code: typeof gameCodes.$inferSelect; payment: Buyer }, progress: Progress): ActivePlay {
  return {
    _id: row.id,
    game_id: progress.game_id,
    game_name: progress.game_name,
    game_secret: progress.game_secret,
    source: row.code.source,
    createdAt: row.createdAt.toISOString(),
    startTime: progress.startTime,
    endTime: progress.endTime,
    lastUpdate: progress.lastUpdate,
    // The creator sees states and hints; a skipped question's solution is their own answer anyway.
    questions: progress.questions.map((q) => ({ status: q.status, hints: q.hints.map((h) => ({ isOpen: h.isOpen })) })),
    score: progress.score,
    payment: row.code.source === 'purchase' && row.payment ? row.payment : null,
  };
}

/** The game's working codes without a play, newest first, each as a record of a play not started. */
async function listUnplayedCodes(db: Db, game: GameRow, content: GameContent): Promise<ActivePlay[]> {
  const rows = await db
    .select({ code: gameCodes, payment: buyer })
    .from(gameCodes)
    .leftJoin(plays, and(eq(plays.gameId, gameCodes.gameId), eq(plays.codeId, gameCodes.id)))
    .leftJoin(purchases, eq(purchases.id, gameCodes.purchaseId))
    .where(and(eq(gameCodes.gameId, game.id), isNull(plays.id), isNull(gameCodes.disabledAt)))
    .orderBy(desc(gameCodes.createdAt), desc(gameCodes.id))
    .limit(MAX_REPORTED_PLAYS);
  // Not started: its progress is as of the code's making (no start, nothing done).
  return rows.map(({ code, payment }) => reportRecord({ id: code.id, createdAt: code.createdAt, code, payment }, progressOf({ game, content, code }, null, code.createdAt)));
}
