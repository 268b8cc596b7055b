import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  GAMES_PAGE_SIZE,
  NEAR_RADIUS_KM_DEFAULT,
  boundingBox,
  gameCardMetadataSchema,
  type GameListItem,
  type GameListReply,
  type GamesListQuery,
} from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { games } from '../../db/schema.ts';
import { decodeCursor, encodeCursor, queryFingerprint, type ListKey } from './list-cursor.ts';

/** Mean Earth radius in metres, as packages/shared's distanceMeters uses. */
const EARTH_RADIUS_METERS = 6_371_008.8;

const float = (value: number) => sql`${value}::double precision`;

/**
 * GET /api/games: one page of approved games, newest listed first, or with a position nearest first
 * within a radius. Every filter narrows (AND). Keyset paging on (listed_at, id) or (distance, id), each
 * served by an index (migration 0009): a page costs the same at the 10,000th game as at the first, and a
 * game approved while a visitor pages shows up on their next first page, never twice.
 */
export async function listGames(db: Db, query: GamesListQuery): Promise<GameListReply> {
  const limit = query.limit ?? GAMES_PAGE_SIZE;
  const fingerprint = queryFingerprint(query);
  const after = query.cursor ? decodeCursor(query.cursor, fingerprint) : null;

  const filters: Array<SQL | undefined> = [
    sql`${games.status} = 'APPROVED'`,
    query.user ? eq(games.userId, query.user) : undefined,
    query.q ? sql`${games.listSearch} like '%' || lower(${escapeLike(query.q)}) || '%'` : undefined,
    query.price ? eq(games.listFree, query.price === 'free') : undefined,
    query.language ? sql`${games.listLanguages} @> array[${query.language}]::text[]` : undefined,
    query.map !== undefined ? eq(games.listMap, query.map) : undefined,
    // Read off the row's metadata (no column of its own): a condition on the pages the indexes already order.
    query.stepFree ? sql`${games.metadata}->'accessibility'->>'stepFree' = ${query.stepFree}` : undefined,
  ];

  const columns = {
    id: games.id,
    userId: games.userId,
    status: games.status,
    metadata: games.metadata,
    startLat: games.startLat,
    startLng: games.startLng,
  };

  if (query.lat !== undefined && query.lng !== undefined) {
    const center = { lat: query.lat, lng: query.lng };
    const radiusMeters = (query.radius ?? NEAR_RADIUS_KM_DEFAULT) * 1000;
    const box = boundingBox(center, radiusMeters);
    // Haversine, as packages/shared distanceMeters: the same figure the card shows.
    const distance = sql<number>`(2 * ${float(EARTH_RADIUS_METERS)} * asin(least(1, sqrt(
      power(sin(radians(${games.startLat} - ${float(center.lat)}) / 2), 2)
      + cos(radians(${float(center.lat)})) * cos(radians(${games.startLat})) * power(sin(radians(${games.startLng} - ${float(center.lng)}) / 2), 2)))))`;
    const inBox = and(
      sql`${games.startLat} between ${float(box.minLat)} and ${float(box.maxLat)}`,
      sql`(${sql.join(
        box.lngRanges.map(([min, max]) => sql`${games.startLng} between ${float(min)} and ${float(max)}`),
        sql` or `,
      )})`,
    );
    const afterKey = after?.sort === 'distance' ? sql`(${distance}, ${games.id}) > (${float(after.distance)}, ${after.id})` : undefined;
    const rows = await db
      .select({ ...columns, distance })
      .from(games)
      .where(and(...filters, sql`${games.startLat} is not null`, inBox, sql`${distance} <= ${float(radiusMeters)}`, afterKey))
      .orderBy(distance, games.id)
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => ({ ...card(row), distanceMeters: Math.round(row.distance) })),
      nextCursor: rows.length > limit && last ? encodeCursor(fingerprint, { sort: 'distance', distance: last.distance, id: last.id }) : null,
    };
  }

  const listedAt = sql<string>`to_char(${games.listedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const afterKey = after?.sort === 'newest' ? sql`(${games.listedAt}, ${games.id}) < (${after.listedAt}::timestamptz, ${after.id})` : undefined;
  const rows = await db
    .select({ ...columns, listedAt })
    .from(games)
    .where(and(...filters, afterKey))
    // As the indexes keep it (DESC NULLS LAST), so the page is read off the index in order.
    .orderBy(sql`${games.listedAt} desc nulls last`, sql`${games.id} desc nulls last`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const key: ListKey | null = rows.length > limit && last ? { sort: 'newest', listedAt: last.listedAt, id: last.id } : null;
  return { data: page.map(card), nextCursor: key ? encodeCursor(fingerprint, key) : null };
}

function card(row: { id: string; userId: string; status: GameListItem['status']; metadata: unknown; startLat: number | null; startLng: number | null }): GameListItem {
  return {
    _id: row.id,
    userId: row.userId,
    status: row.status,
    metadata: gameCardMetadataSchema.parse(row.metadata),
    start: row.startLat !== null && row.startLng !== null ? { lat: row.startLat, lng: row.startLng } : null,
  };
}
