import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './health.ts';

const tags = ['system'];

/**
 * Probes for a load balancer or an orchestrator, outside /api: /healthz says the process is alive (it
 * answers at all), /readyz that it can serve (its database answers); 503 { message, code: 'unavailable' } when not.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Alive: the process answers', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ready: the database answers within 2 s; else 503 with code unavailable',
        response: {
          200: z.object({ status: z.literal('ready'), checks: z.object({ database: z.literal('ok') }) }),
          503: z.object({ message: z.string(), code: z.literal('unavailable'), checks: z.object({ database: z.enum(['ok', 'down']) }) }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await checkReadiness(db);
      if (readiness.ready) return { status: 'ready' as const, checks: { database: 'ok' as const } };
      return reply.code(503).send({ message: 'The database does not answer', code: 'unavailable' as const, checks: readiness.checks });
    },
  );
};
