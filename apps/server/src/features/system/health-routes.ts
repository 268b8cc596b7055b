import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './health.ts';

const tags = ['system'];

/**
 * Probes for a load balancer or an orchestrator, outside /api: /healthz says the process is alive (it
 * answers at all), /readyz that it can serve (its database answers); 503 { message, code: 'unavailable' } when not.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, shared } = app.services;
  const checks = z.object({ database: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']).optional() });

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
        summary: 'Ready: the database answers within 2 s (else 503 unavailable); degraded while REDIS_URL is set and Redis does not answer',
        response: {
          200: z.object({ status: z.enum(['ready', 'degraded']), checks }),
          503: z.object({ message: z.string(), code: z.literal('unavailable'), checks }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await checkReadiness(db, shared.redisStatus);
      if (readiness.ready) return { status: readiness.checks.redis === 'down' ? ('degraded' as const) : ('ready' as const), checks: readiness.checks };
      return reply.code(503).send({ message: 'The database does not answer', code: 'unavailable' as const, checks: readiness.checks });
    },
  );
};
