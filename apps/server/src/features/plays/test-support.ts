import type { Db } from '../../db/client.ts';
import { gameCodes, plays } from '../../db/schema.ts';

/** What the plays feature stores, to prove a refused call changed nothing. */
export async function playTables(db: Db) {
  return {
    plays: await db.select().from(plays).orderBy(plays.id),
    codes: await db.select().from(gameCodes).orderBy(gameCodes.id),
  };
}
