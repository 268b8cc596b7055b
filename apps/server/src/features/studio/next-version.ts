import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { games } from '../../db/schema.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { contentColumns, findGame, type GameRow } from '../../db/game-rows.ts';
import { may } from '../../platform/policy.ts';
import { keepVersionForPlays } from '../games/versions.ts';
import { photoKeysOfGame } from '../photos/photo-files.ts';
import { newAnswerSalt } from './service.ts';

/*
 * An approved game is changed through a draft of its next version: a games row of its own
 * (next_version_of names the listed game), edited, play-tested with its own codes and sent to approval
 * like any draft, while the listed game stays as it is: its page, price, codes and plays. Approving the
 * draft publishes it: its content becomes the listed game's next version (plays keep theirs, see
 * games/versions.ts) and the draft goes, with its play-test codes. Question ids are the listed game's,
 * so the creator's per-question figures follow each question across versions.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** POST /api/games/next-version/{gameId}: the draft of the approved game's next version, made on the first call. */
export async function openNextVersion(db: Db, caller: AccessClaims, gameId: string): Promise<{ _id: string }> {
  const row = await findGame(db, gameId);
  if (!row || !may(caller, 'edit-game', row)) throw notFound('No such game');
  if (row.nextVersionOf) throw conflict('This is already the draft of a next version: edit it here');
  if (row.status !== 'APPROVED') throw conflict(`Only an approved game is changed through a next version; this one is ${row.status}: edit it itself`);
  const existing = await draftOf(db, gameId);
  if (existing) return { _id: existing };
  const [created] = await db
    .insert(games)
    .values({
      userId: row.userId,
      status: 'DRAFT',
      version: 1,
      nextVersionOf: row.id,
      ...contentColumns(row),
    })
    // Two tabs at once: the unique index keeps one draft; the other call finds it.
    .onConflictDoNothing({ target: games.nextVersionOf })
    .returning({ id: games.id });
  return { _id: created?.id ?? (await draftOf(db, gameId)) ?? row.id };
}

async function draftOf(db: Db, gameId: string): Promise<string | null> {
  const [draft] = await db.select({ id: games.id }).from(games).where(eq(games.nextVersionOf, gameId));
  return draft?.id ?? null;
}

/**
 * Approving a next version (inside the approval's transaction, the draft locked): its content becomes
 * the listed game's (one version up, the replaced version kept for the plays on it), and the draft is
 * deleted, with its play-test plays. The listed game as it is afterwards, and the stored files of those
 * plays' photos, for the caller to remove once the transaction has committed.
 */
export async function publishNextVersion(tx: Tx, draft: GameRow, now: Date): Promise<{ published: GameRow; photoKeys: string[] }> {
  const gameId = draft.nextVersionOf;
  if (!gameId) throw new Error('not a next version');
  const [listed] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
  if (!listed) throw notFound('The game this version was for no longer exists');
  await keepVersionForPlays(tx, listed.id, listed.version);
  const [published] = await tx
    .update(games)
    .set({
      ...contentColumns(draft),
      // A new salt: the phones of earlier versions keep theirs (kept with those versions).
      answerSalt: newAnswerSalt(),
      version: listed.version + 1,
      status: 'APPROVED',
      reviewNote: null,
      approvedAt: listed.approvedAt ?? now,
      updatedAt: now,
    })
    .where(eq(games.id, listed.id))
    .returning();
  // Its plays and their photo rows go with it (cascades); the photos' files are read before they do.
  const photoKeys = await photoKeysOfGame(tx, draft.id);
  await tx.delete(games).where(eq(games.id, draft.id));
  return { published, photoKeys };
}
