import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { GamesListQuery } from '@streethunt/shared';
import { badRequest } from '../../platform/errors.ts';

/*
 * The games list's cursor: where the last page ended in the list's order, and which query it belongs to.
 * It is opaque to clients (base64url of JSON) and checked strictly when it comes back: a cursor for other
 * filters, or one somebody edited into something this list never gave, is a 400, not a wrong page.
 */

/** Newest first: the last card's listing time (text, to the microsecond) and id. */
type NewestKey = { sort: 'newest'; listedAt: string; id: string };
/** Nearest first: the last card's distance in metres (as the database computed it) and id. */
type DistanceKey = { sort: 'distance'; distance: number; id: string };
export type ListKey = NewestKey | DistanceKey;

const VERSION = 1;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const wireSchema = z.union([
  z.tuple([z.literal(VERSION), z.string(), z.literal('n'), z.string().regex(TIMESTAMP), z.string().min(1).max(64)]),
  z.tuple([z.literal(VERSION), z.string(), z.literal('d'), z.number().min(0).max(30_000_000), z.string().min(1).max(64)]),
]);

/** Which query a cursor belongs to: every filter, the position and the order, but not the page size. */
export function queryFingerprint(query: GamesListQuery): string {
  const near = query.lat !== undefined && query.lng !== undefined;
  const normalized = [
    query.user ?? null,
    query.q ? query.q.toLowerCase() : null,
    query.price ?? null,
    query.language ?? null,
    query.map ?? null,
    near ? [query.lat, query.lng, query.radius ?? null] : null,
    near ? 'distance' : 'newest',
    // Last, and only when set: a cursor given before this filter existed still fits its query.
    ...(query.stepFree ? [query.stepFree] : []),
  ];
  return createHash('sha256').update(JSON.stringify(normalized)).digest('base64url').slice(0, 16);
}

export function encodeCursor(fingerprint: string, key: ListKey): string {
  const wire = key.sort === 'newest' ? [VERSION, fingerprint, 'n', key.listedAt, key.id] : [VERSION, fingerprint, 'd', key.distance, key.id];
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

const NOT_OURS = 'This cursor is not one this list gave: start again from the first page';

export function decodeCursor(cursor: string, fingerprint: string): ListKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(NOT_OURS);
  }
  const wire = wireSchema.safeParse(parsed);
  if (!wire.success) throw badRequest(NOT_OURS);
  const data = wire.data;
  if (data[1] !== fingerprint) throw badRequest('This cursor belongs to another search or order: start again from the first page');
  return data[2] === 'n' ? { sort: 'newest', listedAt: data[3], id: data[4] } : { sort: 'distance', distance: data[3], id: data[4] };
}
