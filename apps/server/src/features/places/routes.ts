import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesQuerySchema, placesReplySchema } from '@streethunt/shared';
import { errorReplies, perUserPerMinute, tokenSecurity } from '../../platform/route-helpers.ts';
import * as places from './service.ts';

/**
 * Per user rather than per address (creators share offices): an editor types a few searches a
 * minute; the upstream has its own, stricter spacing in the geocoder.
 */
const placesLimit = perUserPerMinute(60).rateLimit;

/** The editor's places search: a place name, an address or `lat, lng` to a point. */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: places.PlacesDeps = { geocoder: app.services.geocoder };

  app.get(
    '/places',
    {
      config: { access: 'user', rateLimit: placesLimit },
      schema: {
        tags: ['studio'],
        summary: 'Places for the editor’s map: `lat, lng` typed, the GEOCODER_URL upstream’s streets and places (asked when `submitted`), then the offline gazetteer’s; at most 10',
        security: tokenSecurity,
        querystring: placesQuerySchema,
        response: { 200: placesReplySchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => places.searchPlaces(deps, request.query),
  );
};
