import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Placeholder: the feedback feature's routes land here. */
export const feedbackRoutes: FastifyPluginAsyncZod = async () => {};
