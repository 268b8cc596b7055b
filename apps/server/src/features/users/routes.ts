import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersListQuerySchema, usersListReplySchema } from '@streethunt/shared';
import { errorReplies, tokenSecurity } from '../../platform/route-helpers.ts';
import * as usersService from './service.ts';

/** The admin's users screen (spec section 2: /admin-users). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: usersService.UsersDeps = { db: app.services.db };

  app.get(
    '/users/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Users, newest registration first: search (q: name, email or phone, any case) and paging (page, pageSize 10 to 50)',
        security: tokenSecurity,
        querystring: usersListQuerySchema,
        response: { 200: usersListReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({ data: await usersService.listUsers(deps, request.query) }),
  );
};
