import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder: the payments feature's routes land here. */
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};
