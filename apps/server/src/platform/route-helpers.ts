import type { FastifyInstance } from 'fastify';
import { errorReplySchema } from '@streethunt/shared';

/** A route's own rate limit (@fastify/rate-limit reads `config.rateLimit`); its 429 carries Retry-After. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The `{ message, code }` reply schema for each of these statuses, for a route's `response`. */
export const errorReplies = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, errorReplySchema]));

/** OpenAPI: the route takes the session token in `x-access-token`. */
export const tokenSecurity = [{ accessToken: [] }];

/**
 * In this plugin's scope an empty `application/json` body reads as `emptyAs` instead of 400 bad_json:
 * the spec's calls with an 'empty' payload, which clients send with the JSON content type anyway.
 */
export function acceptEmptyJsonBody(app: FastifyInstance, emptyAs?: object): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, emptyAs);
    return parseJson(request, text, done);
  });
}
