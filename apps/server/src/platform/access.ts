import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AccessClaims, TokenSigner } from './auth.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid x-access-token came with the request. */
    auth: AccessClaims | null;
  }
}

/**
 * Reads x-access-token on every request; routes decide what they require. The role comes from the
 * database, not the token, so a demoted or deleted user loses access at once.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { signer: TokenSigner; db: Db }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const claims = token ? await opts.signer.verify(token) : null;
    if (!claims) return;
    const [user] = await opts.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, claims.userId));
    request.auth = user ? { userId: user.id, role: user.role } : null;
  });
});

/** Access rule `user`: any logged-in caller. */
export function requireUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Access rule `admin`. */
export function requireAdmin(request: FastifyRequest): AccessClaims {
  const auth = requireUser(request);
  if (auth.role !== 'admin') throw forbidden('Only admins may do this');
  return auth;
}
