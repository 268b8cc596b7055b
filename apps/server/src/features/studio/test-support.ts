import { eq } from 'drizzle-orm';
import type { GameContent } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games } from '../../db/schema.ts';

export async function storedGame(db: Db, gameId: string) {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row;
}

/** Every game and code row, to prove a refused call changed nothing (compared as stored and as text). */
export async function studioTables(db: Db) {
  const rows = {
    games: await db.select().from(games).orderBy(games.id),
    codes: await db.select().from(gameCodes).orderBy(gameCodes.id),
  };
  return { rows, text: JSON.stringify(rows) };
}

/** A save body from a game's content and the version it was loaded at. */
export const saveBody = (content: GameContent, version: number) => ({ ...content, version });
