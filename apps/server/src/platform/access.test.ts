import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPlugin } from './access.ts';
import { registerErrorHandler } from './errors.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildUser } from '../test/factories.ts';
import { tokenFor } from '../test/tokens.ts';

/** One table over every API route: each refuses the callers its access rule excludes. */
describe('access rules', () => {
  let t: TestApp;
  let userToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.db);
    userToken = await tokenFor(t.app, user);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token?: string) =>
    t.app.inject({
      method: method as 'GET',
      // Path parameters get a well-formed id that exists nowhere.
      url: url.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567'),
      headers: token ? { 'x-access-token': token } : {},
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  it('sends the replies of routes marked private as never to be cached', async () => {
    const admin = await tokenFor(t.app, await buildUser(t.db, { role: 'admin' }));
    for (const [url, token] of [
      ['/api/games/my-games', userToken],
      ['/api/leads', admin],
      ['/api/purchases', admin],
      ['/api/payouts?month=2026-01', admin],
    ] as const) {
      const res = await call('GET', url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // A public reply is not marked so.
    expect((await call('GET', '/api/public-config')).headers['cache-control']).not.toBe('private, no-store');
  });

  it('every API route declares a rule', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(2);
    for (const route of t.app.routeAccess) expect(['public', 'user', 'owner', 'organiser', 'admin']).toContain(route.access);
  });

  it('refuses a caller without access before reading the body (401, not 413 or 415)', async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access !== 'public' && r.method !== 'GET');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567'),
        headers: { 'content-type': 'text/plain' },
        // Over the JSON body limit, and of a type no route parses.
        payload: 'x'.repeat(2 * 1024 * 1024),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
    }
  });

  it('routes for users, owners, organisers and admins refuse a caller without a valid token', async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      for (const token of [undefined, 'not-a-token', `${userToken}x`]) {
        const res = await call(route.method, route.url, token);
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode, code: res.json().code }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
          code: 'unauthorized',
        });
      }
    }
  });

  it('admin routes refuse a logged-in non-admin', async () => {
    // Checked on every admin route there is; the mechanism itself is proven below on a probe app.
    for (const route of t.app.routeAccess.filter((r) => r.access === 'admin')) {
      const res = await call(route.method, route.url, userToken);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
    }
    const probe = Fastify();
    registerErrorHandler(probe);
    const organiser = await buildUser(t.db);
    const organiserToken = await tokenFor(t.app, organiser);
    // One event, organised by `organiser`; any other id names none.
    const eventOf = async (eventId: string) => (eventId === 'theirs' ? { organiserId: organiser.id } : null);
    await probe.register(accessPlugin, { signer: t.app.services.signer, db: t.db, eventOf });
    for (const access of ['public', 'user', 'owner', 'admin'] as const) probe.get(`/api/probe/${access}`, { config: { access } }, async () => ({ ok: true }));
    probe.get('/api/probe/organiser/:eventId', { config: { access: 'organiser' } }, async () => ({ ok: true }));
    // Checked before the probe starts: a route that declares no rule cannot even be added, nor an organiser's route without its event.
    expect(() => probe.post('/api/probe/undeclared', async () => ({}))).toThrow(/declares no access rule/);
    expect(() => probe.post('/api/probe/no-event', { config: { access: 'organiser' } }, async () => ({}))).toThrow(/names no :eventId/);
    const admin = await buildUser(t.db, { role: 'admin' });
    const adminToken = await tokenFor(t.app, admin);
    // A token that claims admin for a user whose stored role is 'user' is not enough.
    const forged = await tokenFor(t.app, { id: (await buildUser(t.db)).id, role: 'admin' });
    const statuses: Record<string, number[]> = {};
    const urls = { public: '/api/probe/public', user: '/api/probe/user', owner: '/api/probe/owner', organiser: '/api/probe/organiser/theirs', 'no such event': '/api/probe/organiser/none', admin: '/api/probe/admin' };
    for (const [access, url] of Object.entries(urls)) {
      statuses[access] = [];
      for (const token of [undefined, userToken, forged, organiserToken, adminToken]) {
        const res = await probe.inject({ method: 'GET', url, headers: token ? { 'x-access-token': token } : {} });
        statuses[access].push(res.statusCode);
      }
    }
    expect(statuses).toEqual({
      public: [200, 200, 200, 200, 200],
      user: [401, 200, 200, 200, 200],
      owner: [401, 200, 200, 200, 200],
      // Anyone but its organiser and an admin is told there is no such event, as for one that does not exist.
      organiser: [401, 404, 404, 200, 200],
      'no such event': [401, 404, 404, 404, 404],
      admin: [401, 403, 403, 403, 200],
    });
    const refused = await probe.inject({ method: 'GET', url: urls.organiser, headers: { 'x-access-token': userToken } });
    expect(refused.json()).toEqual({ message: 'No such event', code: 'not_found' });
    await probe.close();
  });

  it('a token of a deleted user is refused', async () => {
    const guarded = t.app.routeAccess.find((r) => r.access !== 'public');
    if (!guarded) throw new Error('no guarded route registered');
    const ghost = await tokenFor(t.app, { id: 'ffffffffffffffffffffffff', role: 'admin' });
    const res = await call(guarded.method, guarded.url, ghost);
    expect(res.statusCode).toBe(401);
  });
});
