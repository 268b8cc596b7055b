import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaFileParamsSchema, mediaFileQuerySchema } from '@streethunt/shared';
import { readMediaFile } from './service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A key that does not name its content may be stored again: ask each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/** Whether an If-None-Match header names this validator (a list, `*`, weak or strong). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /media/{key}[?w=320|480|640|960|1280]: stored media, public. Outside /api: these are files
 * for `<img>`, and the spec's `/api/media/{image or video}` is the creator's library listing.
 * With `w`, the image as WebP at most that wide (see features/media/service.ts).
 */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.services;

  app.get(
    '/media/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        summary: 'A stored image; with w (320, 480, 640, 960 or 1280) a WebP at most that wide',
        params: mediaFileParamsSchema,
        querystring: mediaFileQuerySchema,
        // Replies are image bytes (200), 304, or { message, code } with 400 (bad key or width) and 404.
      },
    },
    async (request, reply) => {
      const file = await readMediaFile({ storage }, { key: request.params['*'], width: request.query.w });
      reply
        .header('cache-control', file.immutable ? IMMUTABLE : REVALIDATE)
        .header('etag', file.etag);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
      return reply.type(file.contentType).send(file.body);
    },
  );
};
