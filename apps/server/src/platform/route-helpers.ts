import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReplySchema } from '@streethunt/shared';
import { clientKey } from './client-key.ts';

/** A route's own rate limit (@fastify/rate-limit reads `config.rateLimit`); its 429 carries Retry-After. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * Who a per-user rate limit counts: the user of a valid token (the access hook has read it by now), so
 * people behind one school or office address do not share a count; a caller without one by its
 * address, as clientKey counts it (an IPv6 client by its /64).
 */
export const userOrClientKey = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : clientKey(request.ip));

/** A route's own rate limit counted per user (userOrClientKey) rather than per address. */
export const perUserPerMinute = (max: number) => ({ rateLimit: { ...perMinute(max).rateLimit, keyGenerator: userOrClientKey } });

/** The `{ message, code }` reply schema for each of these statuses, for a route's `response`. */
export const errorReplies = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, errorReplySchema]));

/**
 * A multipart body as the API document shows it (its fields, a file as binary). The handler reads the
 * parts itself as a stream, so nothing is validated here.
 */
export const multipartBody = (fields: Record<string, { type: 'string'; format?: 'binary'; description?: string }>) =>
  z.unknown().meta({ type: 'object', properties: fields });

/** A route in a scope that also parses another type (multipart, a file's bytes) says it takes JSON. */
export const takesJson = ['application/json'];

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
