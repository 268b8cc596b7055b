import { and, eq } from 'drizzle-orm';
import { generateGameCode, normalizeGameCode } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes } from '../../db/schema.ts';

export type CodeSource = (typeof gameCodes.$inferSelect)['source'];
export type GameCode = typeof gameCodes.$inferSelect;

/** 45 random bits make a clash rare; a clash just draws again. */
const MAX_ATTEMPTS = 5;

/** Makes `count` new codes for a game, each unique across all games. */
export async function createGameCodes(
  db: Db,
  input: { gameId: string; count: number; prefix?: string; source: CodeSource; purchaseId?: string; createdBy?: string },
): Promise<GameCode[]> {
  const created: GameCode[] = [];
  for (let i = 0; i < input.count; i++) {
    for (let attempt = 1; ; attempt++) {
      const [row] = await db
        .insert(gameCodes)
        .values({
          code: generateGameCode(input.prefix ?? ''),
          gameId: input.gameId,
          source: input.source,
          purchaseId: input.purchaseId,
          createdBy: input.createdBy,
        })
        .onConflictDoNothing({ target: gameCodes.code })
        .returning();
      if (row) {
        created.push(row);
        break;
      }
      if (attempt >= MAX_ATTEMPTS) throw new Error('could not draw a unique game code');
    }
  }
  return created;
}

/** The code row when `typed` is a valid code for this game; null otherwise (never says whether it exists elsewhere). */
export async function findGameCode(db: Db, gameId: string, typed: string): Promise<GameCode | null> {
  const code = normalizeGameCode(typed);
  if (!code) return null;
  const [row] = await db
    .select()
    .from(gameCodes)
    .where(and(eq(gameCodes.code, code), eq(gameCodes.gameId, gameId)));
  return row ?? null;
}
