import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameCodes } from '../../db/schema.ts';
import type { GameCode } from './service.ts';

/**
 * Records the first time a valid code read the game's questions: from then on the code is used and
 * its purchase is no longer refundable (spec section 9: refunds of unused purchases only), even if no
 * play was ever started. One cheap UPDATE, a no-op once set; skipped when the row already says so.
 * The row is the code gate's cached one: it is marked too, so the next reads of this code on this
 * process send no UPDATE at all.
 */
export async function markQuestionsOpened(db: Db, code: Pick<GameCode, 'id' | 'openedAt'>): Promise<void> {
  if (code.openedAt) return;
  const now = new Date();
  await db
    .update(gameCodes)
    .set({ openedAt: now })
    .where(and(eq(gameCodes.id, code.id), isNull(gameCodes.openedAt)));
  // Set in the database now, by this call or an earlier one; the exact time stays the database's.
  code.openedAt = now;
}
