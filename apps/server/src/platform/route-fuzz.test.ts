import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { monthOf } from '@streethunt/shared';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { testDatabaseKinds } from '../db/test-database.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildCode, buildGame, buildMedia, buildPlay, buildPurchase, DEFAULT_TEST_PASSWORD, gameContent } from '../test/factories.ts';
import { requestArbitrary, type Fill, type FuzzContext, type FuzzRequest, type RouteSpec } from '../test/openapi-arbitraries.ts';
import type { OpenApi } from '../test/openapi-samples.ts';
import { nextIp } from '../test/client-address.ts';
import { tokenFor } from '../test/tokens.ts';
import { hashPassword } from './auth.ts';

/*
 * Every route of the OpenAPI document (GET /api/docs/json) gets generated bad requests: a valid one
 * with one parameter, body field or header changed (wrong type, out of range, 10,000+ characters,
 * control characters, RTL marks, numbers JavaScript cannot hold, deep nesting, __proto__ keys), wholly
 * generated junk, and raw bodies of any content type; from an anonymous caller, the creator who owns
 * the route's rows, and an admin. Whatever comes, the server answers below 500, every 4xx is
 * `{ message, code }`, and a refused request changed no row of any table.
 *
 * FUZZ_RUNS cases per route and caller (default 15; a longer run: FUZZ_RUNS=200), from FUZZ_SEED
 * (fixed by default, so CI is reproducible). FUZZ_ROUTE='POST /api/signup' fuzzes one route: with the
 * same seed it generates the same cases again, to replay a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 11_2025);
const ONLY = process.env.FUZZ_ROUTE;

type Caller = 'anonymous' | 'creator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'creator', 'admin'];

/**
 * Routes left out, each with its reason: none today (the upload gets junk and multipart bodies too).
 * HEAD routes are left out: each is its GET twin's handler, and a HEAD reply has no body to check.
 */
const EXCLUDED: Record<string, string> = {};

/** The seed of one route and caller: the same on every run with the same FUZZ_SEED, whatever else is fuzzed. */
function seedOf(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

for (const kind of testDatabaseKinds()) {
  describe(`every route fuzzed from the OpenAPI document (${kind})`, () => {
    let t: TestApp;
    let doc: OpenApi;
    let passwordHash: string;
    let fingerprintQuery: ReturnType<typeof sql.raw>;

    beforeAll(async () => {
      t = await buildTestApp({ kind });
      passwordHash = await hashPassword(DEFAULT_TEST_PASSWORD);
      doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      // One query: an md5 of every row of every table of the public schema, in a stable order.
      const tables = await rows<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      const parts = tables.map(({ name }) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x)`);
      fingerprintQuery = sql.raw(`select concat_ws(',', ${parts.join(', ')}) as fingerprint`);
    });
    afterAll(() => t?.close());

    async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
      return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
    }
    const fingerprinting = { count: 0, ms: 0 };
    /** The database's fingerprint, once the mail the last requests started is out (a reset token is written with it, after the reply). */
    const fingerprint = async () => {
      await t.app.services.mailer.settled();
      const started = performance.now();
      const [{ fingerprint: value }] = await rows<{ fingerprint: string }>(fingerprintQuery);
      fingerprinting.count++;
      fingerprinting.ms += performance.now() - started;
      return value;
    };

    /** A user row without hashing a password again (argon2id takes a while). */
    async function user(role: 'user' | 'admin') {
      const [row] = await t.db
        .insert(users)
        .values({ firstName: 'Noa', lastName: 'Levi', email: `fuzz-${randomBytes(5).toString('hex')}@example.com`, phone: '050-1234567', passwordHash, role, emailValidatedAt: new Date() })
        .returning();
      return { ...row, token: await tokenFor(t.app, row) };
    }

    /** Tokens that should get nowhere: another user's, expired, signed with another secret, of no user, of an older password. */
    async function badTokens(): Promise<Record<string, string>> {
      const other = await user('user');
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const expired = await new SignJWT({ role: 'admin', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(other.id).setIssuedAt(1).setExpirationTime(2).sign(key);
      const foreign = await new SignJWT({ role: 'admin', ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(other.id)
        .setExpirationTime('1d')
        .sign(new TextEncoder().encode('another-secret-another-secret-0123456'));
      const nobody = await tokenFor(t.app, { id: '7b1d6c1e-0000-4000-8000-000000000000', role: 'admin' });
      const stale = await tokenFor(t.app, other, 7);
      return { other: other.token, expired, foreign, nobody, stale };
    }

    /** Fresh rows for one route, owned by a fresh creator: what one route's cases change does not decide the next route's. */
    async function fixture(route: RouteSpec, access: string) {
      const creator = await user('user');
      const admin = await user('admin');
      // Player routes reach furthest with a live game, the admin's with one waiting for approval, the studio's with a draft.
      const game = await buildGame(
        t.db,
        access === 'public' ? { userId: creator.id } : { userId: creator.id, status: access === 'admin' ? 'PENDING' : 'DRAFT', approvedAt: null },
      );
      const code = await buildCode(t.db, { gameId: game.id, source: 'creator' });
      await buildPlay(t.db, { gameId: game.id, codeId: code.id });
      const purchase = await buildPurchase(t.db, { gameId: game.id });
      const media = await buildMedia(t.db, { userId: creator.id });
      const fill: Fill = {
        gameId: game.id,
        userId: creator.id,
        purchaseId: purchase.id,
        secretCode: code.code,
        gameSecret: code.code,
        'x-game-secret': code.code,
        version: String(game.version),
        email: creator.email,
        password: DEFAULT_TEST_PASSWORD,
        '*': media.storageKey,
        month: monthOf(new Date()),
        period: monthOf(new Date()),
      };
      // Valid bodies to start from where the sampled one is refused before the route's own code.
      const bodies: unknown[] = [];
      const key = `${route.method} ${route.path}`;
      // Saving takes a whole valid game.
      if (key === 'POST /api/games/{gameId}') bodies.push({ ...gameContent(), version: game.version });
      // Import takes an export file, read by the service itself (the schema is any JSON).
      if (key === 'POST /api/games/import') {
        const exported = await t.app.inject({ method: 'GET', url: `/api/games/export/${game.id}`, headers: { 'x-access-token': creator.token }, remoteAddress: nextIp() });
        expect(exported.statusCode).toBe(200);
        bodies.push(exported.json());
      }
      // The finance report takes the grant of POST /api/reports/unlock in x-reports-grant, which the
      // OpenAPI document does not list: the creator's grant, so the creator's cases reach the report.
      const headers: Record<string, string> = {};
      if (key === 'GET /api/reports') {
        const unlocked = await t.app.inject({ method: 'POST', url: '/api/reports/unlock', headers: { 'x-access-token': creator.token }, payload: { password: DEFAULT_TEST_PASSWORD }, remoteAddress: nextIp() });
        expect(unlocked.statusCode).toBe(200);
        headers['x-reports-grant'] = unlocked.json().data.grant;
      }
      return {
        fill,
        bodies,
        headers,
        tokens: { creator: creator.token, admin: admin.token } as Record<Caller, string | undefined>,
        badTokens: await badTokens(),
        // Every lead and game sent to approval emails every admin: the route's admin steps down after it.
        retire: () => t.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin')),
      };
    }

    /** The request as code that sends it again. */
    const replay = (r: FuzzRequest, remoteAddress: string) => {
      const { change: _change, payload, ...rest } = r;
      const shown = payload !== undefined && payload.length > 4000 ? `${payload.slice(0, 2000)}…(${payload.length} chars; FUZZ_ROUTE and the seed generate it again)` : payload;
      return `app.inject(${JSON.stringify({ ...rest, ...(shown !== undefined && { payload: shown }), remoteAddress })})`;
    };

    it('answers every generated bad request below 500, as { message, code } when refused, and a refused one changes no row', async () => {
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => method !== 'head')
          .map(([method, operation]): RouteSpec => ({ method: method.toUpperCase(), path, operation })),
      );
      const access = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`, r.access]));
      // Every API route is in the document, so the walk below reaches each.
      for (const key of access.keys()) expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(key);

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let cases = 0;
      let unsendable = 0;
      const started = performance.now();
      const slowest: [string, number][] = [];
      /** Statuses per route and caller: a route that never answers 2xx is fuzzed at its validation only. */
      const byRoute: Record<string, Record<number, number>> = {};

      for (const route of operations) {
        const key = `${route.method} ${route.path}`;
        if (EXCLUDED[key] || (ONLY && key !== ONLY)) continue;
        const routeStarted = performance.now();
        const { fill, bodies, headers, tokens, badTokens: bad, retire } = await fixture(route, access.get(key) ?? 'public');
        for (const caller of CALLERS) {
          const ctx: FuzzContext = { fill, bodies, headers, token: tokens[caller], badTokens: bad };
          let current = tokens[caller];
          let baseline = await fingerprint();
          const seed = seedOf(`${key} ${caller}`);
          const details = await fc.check(
            fc.asyncProperty(requestArbitrary(route, ctx), async (request) => {
              const remoteAddress = nextIp();
              // A caller moved to a fresh account after a 429 (a per-user limit) sends that account's token.
              const headers = { ...request.headers };
              if (ctx.token && headers['x-access-token'] === ctx.token && current) headers['x-access-token'] = current;
              let res;
              try {
                res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, remoteAddress, ...(request.payload !== undefined && { payload: request.payload }) });
              } catch (error) {
                // Only what no HTTP client can send (a header value Node refuses) stays unsent.
                if ((error as { code?: string }).code === 'ERR_INVALID_CHAR' || (error as { code?: string }).code === 'ERR_HTTP_INVALID_HEADER_VALUE') {
                  unsendable++;
                  return;
                }
                throw error;
              }
              cases++;
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
              const seen = (byRoute[`${key} ${caller}`] ??= {});
              seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
              const where = () => `${key} as ${caller}: ${request.change}\n  ${replay({ ...request, headers }, remoteAddress)}\n  answered ${res.statusCode} ${res.body.slice(0, 300)}`;
              if (res.statusCode >= 500) throw new Error(`5xx: ${where()}`);
              if (res.statusCode < 400) {
                baseline = await fingerprint();
                return;
              }
              let reply: unknown;
              try {
                reply = res.json();
              } catch {
                reply = undefined;
              }
              const shaped = typeof reply === 'object' && reply !== null && typeof (reply as { message?: unknown }).message === 'string' && typeof (reply as { code?: unknown }).code === 'string';
              if (!shaped) throw new Error(`a 4xx not { message, code }: ${where()}`);
              const after = await fingerprint();
              if (after !== baseline) {
                baseline = after;
                throw new Error(`a refused request changed rows: ${where()}`);
              }
              if (res.statusCode === 429 && caller !== 'anonymous') {
                current = (await user(caller === 'admin' ? 'admin' : 'user')).token;
                baseline = await fingerprint();
              }
            }),
            { numRuns: RUNS, seed },
          );
          if (details.failed) {
            failures.push(
              `${key} as ${caller} (FUZZ_SEED=${SEED} FUZZ_ROUTE='${key}', fast-check seed ${details.seed} path ${details.counterexamplePath}, shrunk ${details.numShrinks} times):\n${String((details.errorInstance as Error)?.message ?? details.errorInstance)}`,
            );
          }
        }
        await retire();
        slowest.push([key, performance.now() - routeStarted]);
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const summary = `${kind}: ${cases} cases (${unsendable} unsendable) in ${seconds} s, FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${fingerprinting.count} fingerprints of the database, ${(fingerprinting.ms / Math.max(1, fingerprinting.count)).toFixed(1)} ms each`;
      if (process.env.FUZZ_VERBOSE) {
        console.log(summary);
        console.log(Object.entries(byRoute).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n'));
        console.log(slowest.sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, ms]) => `${k}: ${ms.toFixed(0)} ms`).join('\n'));
      }
      expect(failures, `${summary}\n\n${failures.join('\n\n')}`).toEqual([]);
      expect(cases).toBeGreaterThan(0);
    }, 120_000 + RUNS * 60_000);
  });
}
