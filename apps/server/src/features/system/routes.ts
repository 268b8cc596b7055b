import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@streethunt/shared';
import { publicConfig } from './public-config.ts';
import { describeRequest } from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.services;

  app.get(
    '/public-config',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'What the web app needs to know about this deployment', response: { 200: publicConfigSchema } },
    },
    async () => publicConfig(config),
  );

  app.get(
    '/test/request',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Echoes what the server saw of this request (for /test/request)' } },
    async (request) =>
      describeRequest({ method: request.method, url: request.url, ip: request.ip, headers: request.headers, loggedIn: request.auth !== null }),
  );
};
