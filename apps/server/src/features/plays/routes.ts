import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder: the plays feature's routes land here. */
export const playsRoutes: FastifyPluginAsyncZod = async () => {};
