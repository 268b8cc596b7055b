import { and, eq, isNull } from 'drizzle-orm';
import { gameNameIn, type FeedbackRequest, type ProblemReportRequest } from '@streethunt/shared';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Services } from '../../services.ts';
import type { Db } from '../../db/client.ts';
import { feedbacks, gameCodes, games, plays, problemReports, purchases } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../platform/auth.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { wrongCode, type CodeGate, type GameCode } from '../codes/service.ts';
import { readGameMetadata, readTranslations } from '../../db/game-rows.ts';
import { feedbackInvitationEmail } from './emails.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What feedback and reports need: the database, and the one code check every door shares (codes
 * service: the same wrong-code limit per client address as game-progress, GET /api/games/{id} and the
 * socket, and the same play grant).
 */
/** What runs after a problem report is kept (an event's control room shows it), wired where the routes are built. */
export type OnProblemReported = (report: { code: GameCode; questionNumber: number; message: string }) => Promise<void>;
export type FeedbackDeps = { db: Db; codes: CodeGate; onProblemReported: OnProblemReported };
/** Who is asking: the client address counts toward the wrong-code limit. */
export type Caller = { client: string };

const invalidFeedbackLink = () => badRequest('This feedback link is not valid, or it was used already', 'invalid_token');

/**
 * One feedback per play: the caller holds the play's row lock, so two at once cannot both pass. From
 * the game-over page a second one is refused (409: the phone sent it already); from the emailed link
 * it replaces the play's earlier rating, as the player's later word (the link works once).
 */
async function storeFeedback(tx: Tx, gameId: string, playId: string, input: FeedbackRequest, earlier: 'refuse' | 'replace'): Promise<void> {
  const rating = {
    general: input.general,
    questions: input.questions,
    path: input.path,
    openAnswer: input.openAnswer,
    // Left out when not sent: the emailed link's page plays nothing, so a replaced rating keeps the play's language.
    language: input.language,
    update: new Date(),
  };
  const [given] = await tx.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.playId, playId));
  if (given && earlier === 'refuse') throw conflict('Feedback for this game was given already');
  if (given) await tx.update(feedbacks).set(rating).where(eq(feedbacks.id, given.id));
  else await tx.insert(feedbacks).values({ gameId, playId, ...rating });
}

/**
 * Stores a player's feedback (spec: three ratings and a comment), from the game-over page with the
 * play's code, or from the emailed link with its single-use token. The game is not looked up first:
 * a wrong code (or token) gets the same answer whether the game is unknown, hidden (DRAFT, PENDING)
 * or listed, so the answer tells nothing about which games exist.
 */
export async function giveFeedback(deps: FeedbackDeps, gameId: string, input: FeedbackRequest, caller: Caller): Promise<void> {
  if (input.secretCode) {
    const code = await deps.codes.require({ gameId, typed: input.secretCode, client: caller.client, grant: input.grant });
    await deps.db.transaction(async (tx) => {
      const [play] = await tx
        .select({ id: plays.id })
        .from(plays)
        .where(and(eq(plays.gameId, gameId), eq(plays.codeId, code.id)))
        .for('update');
      if (!play) throw conflict('This code has not been used to play the game yet');
      await storeFeedback(tx, gameId, play.id, input, 'refuse');
    });
    return;
  }
  if (!input.token) throw invalidFeedbackLink();
  const tokenHash = hashToken(input.token);
  await deps.db.transaction(async (tx) => {
    // Locked, then re-checked by PostgreSQL after a parallel use commits: only one use wins.
    const [play] = await tx
      .select({ id: plays.id })
      .from(plays)
      .where(and(eq(plays.feedbackTokenHash, tokenHash), eq(plays.gameId, gameId), isNull(plays.feedbackTokenUsedAt)))
      .for('update');
    if (!play) throw invalidFeedbackLink();
    await tx.update(plays).set({ feedbackTokenUsedAt: new Date() }).where(eq(plays.id, play.id));
    await storeFeedback(tx, gameId, play.id, input, 'replace');
  });
}

/**
 * A player's report of a problem with a question (1-based), from a holder of a valid code. The code
 * is checked first (like feedback): an unknown and a hidden game answer alike, 403 wrong_code.
 */
export async function reportProblem(deps: FeedbackDeps, input: ProblemReportRequest, caller: Caller): Promise<void> {
  const code = await deps.codes.require({ gameId: input.gameId, typed: input.gameSecret, client: caller.client, grant: input.grant });
  const [game] = await deps.db.select({ id: games.id, questions: games.questions }).from(games).where(eq(games.id, code.gameId));
  // Deleted a moment ago (its codes go with it).
  if (!game) throw wrongCode();
  const questionCount = Array.isArray(game.questions) ? game.questions.length : 0;
  if (input.questionId > questionCount) {
    throw badRequest(`This game has ${questionCount} questions; there is no question ${input.questionId}`);
  }
  await deps.db.insert(problemReports).values({
    gameId: game.id,
    gameSecret: code.code,
    questionId: input.questionId,
    message: input.message,
    language: input.language ?? null,
  });
  await deps.onProblemReported({ code, questionNumber: input.questionId, message: input.message });
}

/**
 * Emails the buyer of the play's code a single-use link to /game-feedback/{gameId}/{token} when the
 * game ends; plays call it right after a play's end time is first set. Only codes that came from a
 * purchase have a buyer to write to; a play is invited once (its token hash is stored first, by a
 * conditional UPDATE), and not at all when it has given feedback already. If the email cannot be
 * sent the token is taken back and the error thrown, so a later call may try again.
 */
export async function sendFeedbackInvitation(deps: Pick<Services, 'db' | 'config'> & { mailer: Mailer }, { playId }: { playId: string }): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ play: plays, purchase: purchases, metadata: games.metadata, translations: games.translations })
    .from(plays)
    .innerJoin(gameCodes, eq(gameCodes.id, plays.codeId))
    .innerJoin(games, eq(games.id, plays.gameId))
    .leftJoin(purchases, eq(purchases.id, gameCodes.purchaseId))
    .where(eq(plays.id, playId));
  if (!row?.purchase || row.play.feedbackTokenHash) return;
  const [given] = await db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.playId, playId));
  if (given) return;

  const { token, tokenHash } = newSecretToken();
  const [claimed] = await db
    .update(plays)
    .set({ feedbackTokenHash: tokenHash })
    .where(and(eq(plays.id, playId), isNull(plays.feedbackTokenHash)))
    .returning({ id: plays.id });
  if (!claimed) return;

  const { purchase, play } = row;
  const link = `${deps.config.publicUrl}/game-feedback/${play.gameId}/${token}`;
  try {
    await deps.mailer.send({
      to: purchase.email,
      // In the buyer's language, with the game's name in it when the game is offered in it.
      ...feedbackInvitationEmail({ fullName: purchase.fullName, gameName: gameNameIn({ metadata: readGameMetadata(row.metadata), translations: readTranslations(row.translations) }, purchase.language), link, language: purchase.language }),
    });
  } catch (error) {
    await db
      .update(plays)
      .set({ feedbackTokenHash: null })
      .where(and(eq(plays.id, playId), eq(plays.feedbackTokenHash, tokenHash)));
    throw error;
  }
}
