import { asc, desc, eq } from 'drizzle-orm';
import type { AdminGame, EditorGame, GameStatus } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { games, users } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { forgetGame, readGameContent, readGameMetadata, type GameRow } from '../../db/game-rows.ts';
import { publishNextVersion } from '../studio/next-version.ts';
import { removePhotoFiles } from '../photos/photo-files.ts';
import { assertSendable, toEditorGame } from '../studio/service.ts';
import { gameApprovedEmail, gameSentBackEmail, gameUnpublishedEmail } from './emails.ts';

/** What the admin's calls need from the app. */
export type AdminDeps = Pick<Services, 'db' | 'config' | 'mailer' | 'storage'>;

/** The admin's tables: the pending queue oldest first (sent to approval longest ago), all games the latest change first. */
export async function listGamesForAdmin(db: Db, which: 'pending' | 'all'): Promise<AdminGame[]> {
  const rows = await db
    .select({
      id: games.id,
      userId: games.userId,
      status: games.status,
      metadata: games.metadata,
      updatedAt: games.updatedAt,
      version: games.version,
      reviewNote: games.reviewNote,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.userId))
    .where(which === 'pending' ? eq(games.status, 'PENDING') : undefined)
    .orderBy(...(which === 'pending' ? [asc(games.updatedAt), asc(games.id)] : [desc(games.updatedAt), desc(games.id)]));
  return rows.map((row) => {
    const metadata = readGameMetadata(row.metadata);
    return {
      _id: row.id,
      userId: row.userId,
      status: row.status,
      metadata: { name: metadata.name, locationCity: metadata.locationCity, price: metadata.price, currencyCode: metadata.currencyCode },
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
      reviewNote: row.reviewNote,
      creator: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    };
  });
}

type Decision = 'approve' | 'send-back' | 'unpublish';

/** Which status each decision starts from and leads to. */
const transitions: Record<Decision, { from: GameStatus; to: GameStatus; refusal: string }> = {
  approve: { from: 'PENDING', to: 'APPROVED', refusal: 'Only a game waiting for approval can be approved' },
  'send-back': { from: 'PENDING', to: 'DRAFT', refusal: 'Only a game waiting for approval can be sent back' },
  unpublish: { from: 'APPROVED', to: 'DRAFT', refusal: 'Only an approved game can be taken off the list' },
};

/**
 * Moves the game from the decision's status to the next one (409 from any other, 404 when there is
 * no such game; nothing changes then). Approval clears the note; the others store the reason.
 * `version` is the one approved: the one the admin reviewed when given, else the one sent to approval
 * (a row from before that was recorded: its current one). A game saved since gets 409 with the current one.
 */
async function decide(deps: AdminDeps, log: MailLog, gameId: string, decision: Decision, reason: string | null, version?: number): Promise<GameRow> {
  const { db } = deps;
  const { from, to, refusal } = transitions[decision];
  const { changed, photoKeys } = await db.transaction(async (tx) => {
    // Locked: a save cannot slip in between the version check and the decision.
    const [row] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
    if (!row) throw notFound('No such game');
    if (row.status !== from) throw conflict(`${refusal}; this one is ${row.status}`);
    const approving = decision === 'approve' ? (version ?? row.sentVersion ?? row.version) : undefined;
    if (approving !== undefined && approving !== row.version) {
      throw new AppError(409, 'conflict', 'This game was changed after you opened it: reload it and review the latest version', {
        version: row.version,
      });
    }
    // The rules a game was sent under hold when it is approved too (a price per team under the
    // minimum passed approval).
    if (decision === 'approve') assertSendable(row);
    const now = new Date();
    // A next version approved is published into the listed game it was made for.
    if (decision === 'approve' && row.nextVersionOf) {
      const { published, photoKeys } = await publishNextVersion(tx, row, now);
      return { changed: published, photoKeys };
    }
    const [updated] = await tx
      .update(games)
      .set({ status: to, reviewNote: reason, updatedAt: now, ...(to === 'APPROVED' && { approvedAt: now }) })
      .where(eq(games.id, gameId))
      .returning();
    return { changed: updated, photoKeys: [] as string[] };
  });
  // The public list is read fresh; the player copy and prepared replies of this game go now.
  forgetGame(db, gameId);
  if (changed.id !== gameId) forgetGame(db, changed.id);
  // The deleted plays' photo files, now that their rows are gone for good.
  await removePhotoFiles(deps.storage, log, photoKeys);
  return changed;
}

/** Tells the creator, in the creator's own language (queued before the reply, so it is not lost). */
async function emailCreator(deps: AdminDeps, log: MailLog, game: GameRow, decision: Decision, reason: string | null): Promise<void> {
  await queueMail(log, async () => {
    const [creator] = await deps.db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, game.userId));
    if (!creator) return;
    const input = { firstName: creator.firstName, gameName: readGameContent(game).metadata.name, language: creator.language };
    const editorLink = `${deps.config.publicUrl}/game-editor/${game.id}`;
    const email =
      decision === 'approve'
        ? gameApprovedEmail({ ...input, link: `${deps.config.publicUrl}/game/${game.id}` })
        : decision === 'send-back'
          ? gameSentBackEmail({ ...input, link: editorLink, reason: reason ?? '' })
          : gameUnpublishedEmail({ ...input, link: editorLink, reason: reason ?? '' });
    await deps.mailer.send({ to: creator.email, ...email });
  });
}

/**
 * POST /api/games/approve/{gameId}: a pending game is listed at once and its creator told, only if it
 * is still the version the admin reviewed (`version`), or without one, the version sent to approval.
 */
export async function approveGame(deps: AdminDeps, gameId: string, version: number | undefined, log: MailLog): Promise<EditorGame> {
  const game = await decide(deps, log, gameId, 'approve', null, version);
  await emailCreator(deps, log, game, 'approve', null);
  return toEditorGame(game);
}

/** POST /api/games/send-back/{gameId}: a pending game goes back to draft with the reason, shown and emailed to its creator. */
export async function sendGameBack(deps: AdminDeps, gameId: string, reason: string, log: MailLog): Promise<EditorGame> {
  const game = await decide(deps, log, gameId, 'send-back', reason);
  await emailCreator(deps, log, game, 'send-back', reason);
  return toEditorGame(game);
}

/**
 * POST /api/games/unpublish/{gameId}: an approved game leaves the list (back to draft, with the
 * reason). Its plays and codes stay: a valid code opens a game that is not approved.
 */
export async function unpublishGame(deps: AdminDeps, gameId: string, reason: string, log: MailLog): Promise<EditorGame> {
  const game = await decide(deps, log, gameId, 'unpublish', reason);
  await emailCreator(deps, log, game, 'unpublish', reason);
  return toEditorGame(game);
}
