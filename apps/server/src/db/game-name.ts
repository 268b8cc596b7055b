import { sql } from 'drizzle-orm';
import { games } from './schema.ts';

/** A game's name read in SQL from its stored metadata ('' when it has none): for lists that join games. */
export const gameNameSql = sql<string>`coalesce(${games.metadata}->>'name', '')`;
