import { errorReplySchema } from '@streethunt/shared';

/** A route's own rate limit (@fastify/rate-limit reads `config.rateLimit`); its 429 carries Retry-After. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The `{ message, code }` reply schema for each of these statuses, for a route's `response`. */
export const errorReplies = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, errorReplySchema]));

/** OpenAPI: the route takes the session token in `x-access-token`. */
export const tokenSecurity = [{ accessToken: [] }];
