import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import {
  GAMES_PAGE_MAX,
  GAMES_PRICE_FILTERS,
  GAMES_SEARCH_MAX,
  GAMES_SORTS,
  NEAR_RADIUS_KM_MAX,
  NEAR_RADIUS_KM_MIN,
} from '../game-list/list-query.ts';
import { idSchema, lineText } from './common.ts';
import { GAME_STATUSES, gameAccessibilitySchema, gameMetadataSchema, pointSchema } from './game.ts';

/** A decimal number as a query string carries it ("32.08", "-0.5"): no exponent, hex, Infinity or blanks. */
const decimalText = lineText().regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'must be a decimal number');
const inRange = (what: string, min: number, max: number) =>
  decimalText.transform(Number).pipe(z.number().min(min, `${what} must be ${min} to ${max}`).max(max, `${what} must be ${min} to ${max}`));

/**
 * GET /api/games's query. Strict: a key it does not know (a sort column of the caller's choosing, a
 * typo) is refused rather than ignored, so a caller never believes a filter applied that did not.
 */
export const gamesListQuerySchema = z
  .strictObject({
    user: idSchema.optional(),
    q: lineText()
      .max(GAMES_SEARCH_MAX, `search must be at most ${GAMES_SEARCH_MAX} characters`)
      .transform((text) => text.trim().replace(/\s+/g, ' '))
      .optional(),
    price: z.enum(GAMES_PRICE_FILTERS).optional(),
    language: z.enum(LANGUAGES).optional(),
    /** yes: only games whose creator says the whole route is step-free (metadata.accessibility.stepFree). */
    stepFree: z.enum(['yes'], { error: 'stepFree may only be yes' }).optional(),
    map: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    lat: inRange('lat', -90, 90).optional(),
    lng: inRange('lng', -180, 180).optional(),
    /** Kilometres around lat/lng; only with them. */
    radius: inRange('radius', NEAR_RADIUS_KM_MIN, NEAR_RADIUS_KM_MAX).optional(),
    /** newest (the default without a position) or distance (the default, and only allowed, with one). */
    sort: z.enum(GAMES_SORTS).optional(),
    limit: lineText()
      .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${GAMES_PAGE_MAX}`)
      .transform(Number)
      .pipe(z.number().int().min(1, `limit must be from 1 to ${GAMES_PAGE_MAX}`).max(GAMES_PAGE_MAX, `limit must be from 1 to ${GAMES_PAGE_MAX}`))
      .optional(),
    /** The previous page's nextCursor, for the same query. */
    cursor: lineText().max(400, 'cursor is not one this list gave').regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this list gave').optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) ctx.addIssue({ code: 'custom', message: 'lat and lng come together', path: ['lat'] });
    const near = query.lat !== undefined && query.lng !== undefined;
    if (!near && query.radius !== undefined) ctx.addIssue({ code: 'custom', message: 'radius needs lat and lng', path: ['radius'] });
    if (!near && query.sort === 'distance') ctx.addIssue({ code: 'custom', message: 'sort=distance needs lat and lng', path: ['sort'] });
    if (near && query.sort === 'newest') ctx.addIssue({ code: 'custom', message: 'with lat and lng the list is sorted by distance', path: ['sort'] });
  });
export type GamesListQuery = z.infer<typeof gamesListQuerySchema>;

/** What a card on /games shows: no intro, questions, hints or area shapes; of the accessibility, the figures, not the notes. */
export const gameCardMetadataSchema = gameMetadataSchema
  .pick({
  name: true,
  locationCity: true,
  locationText: true,
  price: true,
  currencyCode: true,
  language: true,
  /** Each language the game is offered in: a bilingual card shows both flags. */
  languages: true,
  map: true,
  coverImage: true,
  /** How many questions a trial plays free ('first 2 stops free'); absent: no trial. */
  freeQuestions: true,
  })
  .extend({ accessibility: gameAccessibilitySchema.pick({ stepFree: true, lengthKm: true, durationMinutes: true }).optional() });

const gameListItemSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  status: z.enum(GAME_STATUSES),
  metadata: gameCardMetadataSchema,
  /** Where the game starts (its start area's centre), or null when the creator set none. */
  start: pointSchema.nullable(),
  /** With lat/lng: metres from there to the start, along the Earth's surface. */
  distanceMeters: z.number().optional(),
});
export type GameListItem = z.infer<typeof gameListItemSchema>;

/** GET /api/games: one page of cards, in a stable order, and the cursor of the next (null on the last). */
export const gameListReplySchema = z.object({ data: z.array(gameListItemSchema), nextCursor: z.string().nullable() });
export type GameListReply = z.infer<typeof gameListReplySchema>;
