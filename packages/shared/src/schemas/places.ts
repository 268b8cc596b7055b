import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { lineText } from './common.ts';

// GET /api/places?q=: the editor's places search (offline gazetteer, `lat, lng`, optional upstream).
export const placesQuerySchema = z.object({ q: lineText().trim().min(2).max(200), lang: z.enum(LANGUAGES).optional() });
export const placeSchema = z.object({
  name: z.string(),
  /** Country or region, when known. */
  detail: z.string(),
  lat: z.number(),
  lng: z.number(),
  source: z.enum(['coordinates', 'gazetteer', 'upstream']),
});
export type Place = z.infer<typeof placeSchema>;
export const placesReplySchema = z.object({ data: z.array(placeSchema) });
export type PlacesReply = z.infer<typeof placesReplySchema>;
