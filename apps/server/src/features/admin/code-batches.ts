import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { CodeBatch } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { codeBatches, gameCodes, games, users } from '../../db/schema.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { createGameCodes } from '../codes/service.ts';

async function requireGame(db: Db, gameId: string): Promise<void> {
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound('No such game');
}

/**
 * POST /api/games/generate-codes/{gameId}: `qty` new random codes (DESIGN.md section 4) and the batch
 * that records them, in one transaction: either all of them exist with their batch or none does.
 * `prefix` and `qty` come checked by the shared schema (letters and digits, upper-case; 1..500).
 */
export async function generateCodes(
  db: Db,
  caller: AccessClaims,
  gameId: string,
  request: { prefix: string; qty: number },
): Promise<{ batchId: string; codes: string[] }> {
  await requireGame(db, gameId);
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(codeBatches)
      .values({ gameId, createdBy: caller.userId, count: request.qty, prefix: request.prefix })
      .returning({ id: codeBatches.id });
    const codes = await createGameCodes(tx, {
      gameId,
      count: request.qty,
      prefix: request.prefix,
      source: 'admin',
      createdBy: caller.userId,
      batchId: batch.id,
    });
    return { batchId: batch.id, codes: codes.map((code) => code.code) };
  });
}

/** GET /api/games/code-batches/{gameId}: every batch made for the game, newest first, with who made it and its codes. */
export async function listCodeBatches(db: Db, gameId: string): Promise<CodeBatch[]> {
  await requireGame(db, gameId);
  const batches = await db
    .select({
      id: codeBatches.id,
      count: codeBatches.count,
      prefix: codeBatches.prefix,
      createdAt: codeBatches.createdAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(codeBatches)
    .innerJoin(users, eq(users.id, codeBatches.createdBy))
    .where(eq(codeBatches.gameId, gameId))
    .orderBy(desc(codeBatches.createdAt), desc(codeBatches.id));
  if (batches.length === 0) return [];
  const codes = await db
    .select({ batchId: gameCodes.batchId, code: gameCodes.code })
    .from(gameCodes)
    .where(inArray(gameCodes.batchId, batches.map((batch) => batch.id)))
    .orderBy(asc(gameCodes.createdAt), asc(gameCodes.id));
  const codesOf = new Map<string, string[]>();
  for (const { batchId, code } of codes) {
    if (batchId === null) continue;
    const list = codesOf.get(batchId) ?? [];
    list.push(code);
    codesOf.set(batchId, list);
  }
  return batches.map((batch) => ({
    _id: batch.id,
    gameId,
    count: batch.count,
    prefix: batch.prefix,
    createdAt: batch.createdAt.toISOString(),
    createdBy: { _id: batch.userId, firstName: batch.firstName, lastName: batch.lastName, email: batch.email },
    codes: codesOf.get(batch.id) ?? [],
  }));
}
