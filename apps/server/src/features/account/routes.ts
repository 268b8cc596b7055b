import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Account calls of spec section 7 (placeholder until the account feature lands). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
