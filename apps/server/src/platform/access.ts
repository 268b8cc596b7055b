import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { AccessClaims, TokenSigner, VerifiedToken } from './auth.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';
import { may } from './policy.ts';

/**
 * Who may call a route (DESIGN.md section 6). `owner` needs a logged-in caller here; the service
 * then checks that the caller owns the thing (or is an admin). `organiser` needs a logged-in caller
 * before the body is read and then, once the path is parsed, one who may organise the event its
 * `:eventId` names (policy.ts); anyone else gets 404, since whether an event exists is nobody else's business.
 */
export type AccessRule = 'public' | 'user' | 'owner' | 'organiser' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid x-access-token came with the request. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The reply is one caller's own (their games, an admin's lists): sent `private, no-store`, never kept by a cache. */
    private?: boolean;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, for the table-driven access test. */
    routeAccess: RouteAccess[];
  }
}

export type RouteAccess = { method: string; url: string; access: AccessRule };

/**
 * How the `organiser` rule finds an event (null: none): the events feature's read, through its cache,
 * so the service's own read of the same event right after costs no second query.
 */
export type EventOrganiserOf = (eventId: string) => Promise<{ organiserId: string } | null>;

/** Routes that plugins register for themselves (the OpenAPI page) are public by nature. */
const pluginRoutePrefixes = ['/api/docs'];

/**
 * Reads x-access-token on every request and enforces each route's declared access rule. The role
 * comes from the database, not the token, so a demoted or deleted user loses access at once.
 * Every API route must declare its rule; a route without one fails at start-up.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { signer: TokenSigner; db: Db; eventOf: EventOrganiserOf }) => {
  app.decorateRequest('auth', null);
  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || pluginRoutePrefixes.some((p) => route.url.startsWith(p))) return;
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    if (access === 'organiser' && !route.url.includes(':eventId')) throw new Error(`Route ${String(route.method)} ${route.url} is for an event's organiser but names no :eventId`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access });
    if ((route.config as { private?: boolean }).private) {
      const noStore: preHandlerHookHandler = (_request, reply, done) => {
        reply.header('cache-control', 'private, no-store');
        done();
      };
      route.preHandler = [route.preHandler ?? []].flat().concat(noStore);
    }
    // A preHandler: after validation, so the event's id is a well-formed one; after no-store, so the 404 is not kept either.
    if (access === 'organiser') route.preHandler = [route.preHandler ?? []].flat().concat(organiserCheck(opts.eventOf));
    // Checked in preParsing: after every onRequest hook (a route's own rate limit counts the caller
    // first), and before the body is read, so a caller without access gets 401 rather than 413 or 415.
    // Only routes with a rule to check get the hook: the busiest player calls are public.
    const check = access === 'user' || access === 'owner' || access === 'organiser' ? requireUser : access === 'admin' ? requireAdmin : null;
    if (!check) return;
    const hook: preParsingHookHandler = (request, _reply, payload, done) => {
      try {
        check(request);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, payload);
    };
    route.preParsing = [route.preParsing ?? []].flat().concat(hook);
  });
  // Without a token (most calls: every player's) nothing waits on a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return done();
    readCaller(opts, token).then(
      (auth) => {
        request.auth = auth;
        done();
      },
      (error: Error) => done(error),
    );
  });
});

/** The caller a token names, as the database says now (null: not valid, or signed before the last password change). */
async function readCaller(opts: { signer: TokenSigner; db: Db }, token: string): Promise<AccessClaims | null> {
  const session = await readSession(opts, token);
  return session && { userId: session.userId, role: session.role };
}

/** Like readCaller, with the token version it was signed with: what a socket kept open by it is checked against later (socket-sessions.ts). */
export async function readSession(opts: { signer: TokenSigner; db: Db }, token: string): Promise<VerifiedToken | null> {
  const claims = await opts.signer.verify(token);
  if (!claims) return null;
  const [user] = await opts.db
    .select({ id: users.id, role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.userId));
  // A password change or reset bumps the version, so every token signed before it (even in the same second) is refused.
  return user && user.tokenVersion === claims.tokenVersion ? { userId: user.id, role: user.role, tokenVersion: user.tokenVersion } : null;
}

/** The `organiser` rule's second half: the caller may organise the event of the path's :eventId, or 404. */
function organiserCheck(eventOf: EventOrganiserOf): preHandlerAsyncHookHandler {
  return async (request) => {
    const { eventId } = request.params as { eventId: string };
    const event = await eventOf(eventId);
    if (!event || !may(request.auth, 'organise-event', event)) throw notFound('No such event');
  };
}

/** The logged-in caller, or 401. */
export function requireUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** An admin caller, or 401/403. */
export function requireAdmin(request: FastifyRequest): AccessClaims {
  const auth = requireUser(request);
  if (auth.role !== 'admin') throw forbidden('Only admins may do this');
  return auth;
}
