import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildCode, buildEvent, buildGame, buildMedia, buildPlay, buildPurchase, buildUser, gameContent } from '../test/factories.ts';
import { sample, type OpenApi } from '../test/openapi-samples.ts';
import { nextIp } from '../test/client-address.ts';
import { tokenFor } from '../test/tokens.ts';
import type { AccessRule, RouteAccess } from './access.ts';

/*
 * One table over every API route, read from Fastify's own route list (app.routeAccess, filled by
 * the onRoute hook): anonymous, another user, the owner of the thing (the organiser of the event)
 * and an admin each get the status their rule promises. Requests are built from each route's OpenAPI schema, filled with the
 * ids of real rows, so they pass validation and reach the access decision and the owner check.
 */

/** Routes whose rule is fixed by what they do: a route added or changed to a weaker rule fails here. */
const AT_LEAST_USER: [string, RegExp][] = [
  ['the creator’s own lists', /^GET \/api\/games\/my-/],
  ['saving a game', /^POST \/api\/games\/:gameId$/],
  ['a game’s status', /^POST \/api\/games\/status\//],
  ['a creator’s code', /^POST \/api\/game\/secret-code$/],
  ['duplicate, export and next version', /^(GET|POST) \/api\/games\/(duplicate|export|next-version)\//],
  ['the spot codes', /^GET \/api\/games\/presence-codes\//],
  ['the media library', /^(GET|POST) \/api\/media\//],
  ['the finance reports', /^(GET \/api\/reports|POST \/api\/reports\/unlock)$/],
  ['judging photos', /^(GET \/api\/play-photos\/pending|POST \/api\/play-photos\/:photoId\/judge|GET \/api\/events\/:eventId\/photos(\/zip)?)$/],
];
/** An event's running and its teams' photos: its organiser's (or an admin's) alone, decided by the route's rule. */
const ORGANISER_ONLY: [string, RegExp][] = [
  ['the control room', /^GET \/api\/events\/:eventId$/],
  ['messages to teams', /^POST \/api\/events\/:eventId\/messages$/],
  ['more time', /^POST \/api\/events\/:eventId\/extend$/],
  ['a hint for a team', /^POST \/api\/events\/:eventId\/teams\/:teamId\/hint$/],
  ['disqualifying a team', /^POST \/api\/events\/:eventId\/teams\/:teamId\/disqualify$/],
  ['ending the event', /^POST \/api\/events\/:eventId\/end$/],
  ['the event’s photos', /^GET \/api\/events\/:eventId\/photos(\/zip)?$/],
];
const ADMIN_ONLY: [string, RegExp][] = [
  ['the users list', /^GET \/api\/users\/$/],
  ['pending games', /^GET \/api\/games\/pending-games$/],
  ['all games', /^GET \/api\/games\/all-games$/],
  ['approval', /^POST \/api\/games\/approve\//],
  ['generating codes', /^POST \/api\/games\/generate-codes\//],
  ['the leads list', /^GET \/api\/leads$/],
  ['the accessibility reports', /^(GET|PATCH) \/api\/admin\/accessibility-reports/],
  // The buyer's own cancellation is the one purchases route that is not the admin's (its token or session decides).
  ['payouts and refunds', /^(GET|POST) \/api\/(payouts|purchases)(\/(?!:purchaseId\/cancel$)|$)/],
];

/** Values by field name: the real rows of this route's fixture. */
type Fill = Record<string, string>;

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const key = (r: Pick<RouteAccess, 'method' | 'url'>) => `${r.method} ${r.url}`;

type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
type Reply = { status: number; code?: string };

describe('access on every API route', () => {
  let t: TestApp;
  let doc: OpenApi;
  const tokens: Partial<Record<Caller, string>> = {};
  let ownerId = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const admin = await buildUser(t.db, { role: 'admin' });
    ownerId = owner.id;
    tokens.owner = await tokenFor(t.app, owner);
    tokens.other = await tokenFor(t.app, other);
    tokens.admin = await tokenFor(t.app, admin);
    await buildMedia(t.db, { userId: owner.id });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  /** Every row of every table, to prove a refused call changed nothing. */
  const snapshot = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const [name, table] of Object.entries(tables)) if (is(table, PgTable)) rows[name] = await t.db.select().from(table);
    return JSON.stringify(rows);
  };

  /** Fresh rows for one route, so what one route's calls change does not decide the next route's answers. */
  async function fixture(route: RouteAccess): Promise<Fill> {
    // A next version is opened from an approved game; every other route is tried on a draft.
    const approved = route.url.startsWith('/api/games/next-version/');
    const game = await buildGame(t.db, approved ? { userId: ownerId } : { userId: ownerId, status: 'DRAFT', approvedAt: null });
    const code = await buildCode(t.db, { gameId: game.id, source: 'creator' });
    await buildPlay(t.db, { gameId: game.id, codeId: code.id });
    await buildPurchase(t.db, { gameId: game.id });
    const fill: Fill = { gameId: game.id, userId: ownerId, secretCode: code.code, gameSecret: code.code, 'x-game-secret': code.code, version: String(game.version) };
    if (route.url.includes(':reportId')) {
      const [report] = await t.db.insert(tables.accessibilityReports).values({ place: '/games', what: 'A button has no name' }).returning();
      return { ...fill, reportId: report.id };
    }
    if (!route.url.includes(':eventId')) return fill;
    // An event the owner organises, running, with a team that has started playing (a hint needs a started play).
    const { event, teams } = await buildEvent(t.db, { gameId: game.id, organiserId: ownerId });
    await buildPlay(t.db, { gameId: game.id, codeId: teams[0].code.id });
    return { ...fill, eventId: event.id, teamId: teams[0].team.id };
  }

  /** A valid request for the route, built from its OpenAPI schema and the fixture. */
  function request(route: RouteAccess, fill: Fill) {
    const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`${key(route)} is not in the OpenAPI document`);
    const parts = { path: {} as Fill, query: {} as Fill, header: {} as Fill };
    for (const p of operation.parameters ?? []) parts[p.in][p.name] = String(sample(p.schema, p.name, fill));
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    let body = schema ? sample(schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema, '', fill) : undefined;
    // Saving a game takes a whole valid game; the sampled one would be refused before the owner check.
    if (key(route) === 'POST /api/games/:gameId') body = { ...gameContent(), version: Number(fill.version) };
    const url = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(parts.path[name]));
    return { url, query: parts.query, headers: parts.header, body };
  }

  async function call(route: RouteAccess, fill: Fill, caller: Caller): Promise<Reply> {
    const { url, query, headers, body } = request(route, fill);
    const token = tokens[caller as Exclude<Caller, 'anonymous'>];
    const res = await t.app.inject({
      method: route.method as 'GET',
      url,
      query,
      headers: { ...headers, ...(token && { 'x-access-token': token }) },
      remoteAddress: nextIp(),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: string }) : {};
    return { status: res.statusCode, code: json.code };
  }

  const apiRoutes = () => t.app.routeAccess.filter((r) => r.url.startsWith('/api/'));

  it('lists the same routes as Fastify’s router and the OpenAPI document: no route hides from the table', () => {
    const documented = Object.entries(doc.paths)
      .filter(([url]) => url.startsWith('/api/'))
      .flatMap(([url, ops]) => Object.keys(ops).filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${url}`))
      .sort();
    expect(apiRoutes().map((r) => `${r.method} ${openApiPath(r.url)}`).sort()).toEqual(documented);
    // Fastify's printed tree holds every route too (a route left out of the document would show here).
    const printed = t.app.printRoutes({ commonPrefix: false });
    for (const route of apiRoutes()) expect(printed).toContain(route.url.split('/').pop() || '/');
    expect(apiRoutes().length).toBeGreaterThan(30);
  });

  it('gives the routes whose rule follows from what they do the rule they need', () => {
    const rules = new Map(apiRoutes().map((r) => [key(r), r.access]));
    const check = (table: [string, RegExp][], allowed: AccessRule[]) => {
      for (const [what, pattern] of table) {
        const matched = [...rules].filter(([route]) => pattern.test(route));
        expect(matched.length, `no route is ${what} (${pattern})`).toBeGreaterThan(0);
        for (const [route, access] of matched) expect({ route, what, ok: allowed.includes(access) }).toEqual({ route, what, ok: true });
      }
    };
    check(AT_LEAST_USER, ['user', 'owner', 'organiser', 'admin']);
    check(ORGANISER_ONLY, ['organiser', 'admin']);
    check(ADMIN_ONLY, ['admin']);
  });

  it('answers anonymous, another user, the owner (the organiser) and an admin as each route’s rule says', async () => {
    const refusedAccess = (r: Reply) => (r.status === 401 && r.code === 'unauthorized') || (r.status === 403 && r.code === 'forbidden');
    const results: string[] = [];
    for (const route of apiRoutes()) {
      const fill = await fixture(route);
      const where = `${key(route)} (${route.access})`;
      const expectOk = (caller: Caller, r: Reply, notAllowed: number[]) =>
        expect({ where, caller, status: r.status, refused: notAllowed.includes(r.status) }).toEqual({ where, caller, status: r.status, refused: false });
      const expectStatus = (caller: Caller, r: Reply, allowed: number[]) =>
        expect({ where, caller, status: r.status, allowed: allowed.includes(r.status) }).toEqual({ where, caller, status: r.status, allowed: true });

      // Those refused go first, each proven to change nothing.
      const before = await snapshot();
      const anonymous = await call(route, fill, 'anonymous');
      const other = await call(route, fill, 'other');
      if (route.access !== 'public' && route.access !== 'user') expect({ where, unchanged: (await snapshot()) === before }).toEqual({ where, unchanged: true });
      const owner = await call(route, fill, 'owner');
      const admin = await call(route, fill, 'admin');

      if (route.access === 'public') {
        // A wrong code or token may still get a 403 of its own (wrong_code); never the access refusal.
        for (const [caller, r] of [['anonymous', anonymous], ['other', other], ['owner', owner], ['admin', admin]] as const)
          expect({ where, caller, refused: refusedAccess(r) }).toEqual({ where, caller, refused: false });
      } else {
        expectStatus('anonymous', anonymous, [401]);
        // A user route may still answer a 403 of its own (the reports' wrong_credentials or invalid_token); never the access refusal.
        if (route.access === 'user')
          for (const [caller, r] of [['other', other], ['owner', owner], ['admin', admin]] as const)
            expect({ where, caller, refused: refusedAccess(r) }).toEqual({ where, caller, refused: false });
        // The organiser's rule is the owner's with an event for the thing: the fixture's owner organises the event.
        if (route.access === 'owner' || route.access === 'organiser') {
          expectStatus('other', other, [403, 404]);
          expectOk('owner', owner, [401, 403, 404]);
          // The owner's request goes all the way, so the other user's 403/404 came from the owner check, not validation.
          expect({ where, ownerStatus: owner.status < 300 }).toEqual({ where, ownerStatus: true });
          expectOk('admin', admin, [401, 403, 404]);
        }
        if (route.access === 'admin') {
          expectStatus('other', other, [403]);
          expectStatus('owner', owner, [403]);
          expectOk('admin', admin, [401, 403]);
        }
      }
      results.push(`${where}: ${anonymous.status} ${other.status} ${owner.status} ${admin.status}`);
    }
    if (process.env.PRINT_ACCESS) console.log(results.join("\n"));
    expect(results).toHaveLength(apiRoutes().length);
  }, 60_000);
});
