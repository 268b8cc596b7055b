import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorReply } from '@streethunt/shared';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** An error a service throws on purpose: it becomes `{ message, code }` with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields the spec's wire format puts beside message and code. */
    readonly extra?: Record<string, unknown>,
    /** For a 429: when the client may try again (sent as Retry-After, in seconds). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'validation') => new AppError(400, code, message);
export const unauthorized = (message = 'Please log in', code: ErrorCode = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'You may not do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);
/** 429 rate_limited; the client may try again in `retryMs` (the reply's Retry-After). */
export const rateLimited = (message: string, retryMs: number) => new AppError(429, 'rate_limited', message, undefined, retryMs);

/** What a 503 for a database that does not answer tells the client: try again soon. */
const DATABASE_RETRY_AFTER_S = 5;

/** Retry-After for a 429 that does not say when (a limit that keeps no window of its own). */
const DEFAULT_RETRY_AFTER_S = 60;

/** Every 429 tells the client when to try again (RFC 9110 Retry-After, whole seconds, at least 1). */
function setRetryAfter(reply: FastifyReply, retryAfterMs: number | undefined): void {
  if (retryAfterMs !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  // @fastify/rate-limit sets its own before throwing its 429.
  else if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_S));
}

/** Every error leaves the server as `{ message, code }`, never with a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429) setRetryAfter(reply, error.retryAfterMs);
      const body: ErrorReply & Record<string, unknown> = { message: error.message, code: error.code, ...error.extra };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'invalid',
      }));
      const first = issues[0];
      const message = first ? `Invalid ${error.validationContext ?? 'input'}: ${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input';
      return reply.status(400).send({ message, code: 'validation', issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      setRetryAfter(reply, undefined);
      return reply.status(429).send({ message: 'Too many requests, please try again later', code: 'rate_limited' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ message: 'Request body is too large', code: 'payload_too_large' });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'The request body is not valid JSON', code: 'bad_json' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ message: 'Unsupported content type', code: 'validation' });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message, code: 'validation' });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send({ message: 'The service is briefly unavailable, please try again in a moment', code: 'unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side', code: 'internal' });
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
}
