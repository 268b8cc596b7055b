import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { lineText } from './common.ts';

// GET /api/places?q=: the editor's places search (offline gazetteer, `lat, lng`, the streets-and-places upstream).
export const placesQuerySchema = z.object({
  q: lineText().trim().min(2).max(200),
  lang: z.enum(LANGUAGES).optional(),
  /**
   * `true` when the creator submitted the search (Enter, or the search option): only then is the
   * upstream asked. While typing, its earlier answers to the same search are used, and nothing is sent.
   */
  submitted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
const placeSchema = z.object({
  name: z.string(),
  /** Country or region, when known. */
  detail: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** `upstream` places are OpenStreetMap's (through Nominatim): shown with its attribution. */
  source: z.enum(['coordinates', 'gazetteer', 'upstream']),
});
export type Place = z.infer<typeof placeSchema>;
/**
 * The streets-and-places search: `on` (submit to ask it), `down` (it could not be reached lately:
 * cities and coordinates only, for now) or `off` (this server searches offline only).
 */
const placesUpstreamSchema = z.enum(['on', 'down', 'off']);
export const placesReplySchema = z.object({ data: z.array(placeSchema), upstream: placesUpstreamSchema });
export type PlacesReply = z.infer<typeof placesReplySchema>;
