import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder: the games feature's routes land here. */
export const gamesRoutes: FastifyPluginAsyncZod = async () => {};
