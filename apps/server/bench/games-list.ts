/**
 * The public games list at 10,000 approved games: part of `npm run bench`, or alone with
 * `npx tsx apps/server/bench/games-list.ts`. A measurement, not a test. On in-memory PGlite, and on the
 * PostgreSQL server of BENCH_DATABASE_URL or TEST_DATABASE_URL when set, it seeds the games, then per
 * case prints the median time of the whole request over loopback HTTP (gzip asked, as a browser does),
 * the gzipped reply size, and the database's own plan and execution time (EXPLAIN ANALYZE) of the query
 * the app ran. Budget for page one: under 20 KB gzipped and under 20 ms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { gamesListQuerySchema, type GameListReply } from '@streethunt/shared';
import type pg from 'pg';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import type { TestDatabaseKind } from '../src/db/test-database.ts';
import { listGames } from '../src/features/games/games-list.ts';
import { buildTestApp, type TestApp } from '../src/test/build-test-app.ts';
import { seedApprovedGames } from './seed-games.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_BYTES = 20 * 1024;
const BUDGET_MS = 20;

async function seed(t: TestApp) {
  await seedApprovedGames(t.db, GAMES);
}

type Sample = { ms: number; gzipBytes: number; body: string };

/** One GET over loopback asking for gzip; the bytes are counted as they came, then unzipped. */
function get(port: number, path: string): Promise<Sample> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', async () => {
        const ms = performance.now() - start;
        const raw = Buffer.concat(chunks);
        const { gunzipSync } = await import('node:zlib');
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${body}`));
        else resolve({ ms, gzipBytes: raw.length, body });
      });
    });
    request.on('error', reject);
  });
}

/** The app's own query for a list query, with EXPLAIN ANALYZE: the plan's top lines and the execution time. */
async function explain(kind: TestDatabaseKind, t: TestApp, query: string): Promise<{ plan: string; execMs: number }> {
  const captured: Array<{ text: string; params: unknown[] }> = [];
  const logger = { logQuery: (text: string, params: unknown[]) => captured.push({ text, params }) };
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logging = (kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;
  await listGames(logging, gamesListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
  const { text, params } = captured[captured.length - 1];
  const explainText = `explain (analyze, costs off, timing on) ${text}`;
  const result = kind === 'pglite' ? await (client as PGlite).query<Record<string, string>>(explainText, params) : await (client as pg.Pool).query(explainText, params);
  const lines = (result.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]);
  const execMs = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? NaN);
  // The plan's nodes, outermost first, without their figures: which index served the query.
  const nodes = lines
    .filter((line, index) => index === 0 || line.trim().startsWith('->'))
    .map((line) => line.trim().replace(/^->\s+/, '').replace(/\s+\(actual.*$/, '').replace(/^(Index Scan|Bitmap Index Scan|Index Only Scan)( Backward)? using (\S+).*$/, '$1 $3'));
  return { plan: nodes.join(' > '), execMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(kind: TestDatabaseKind): Promise<string[]> {
  const t = await buildTestApp({ kind });
  const verdicts: string[] = [];
  try {
    const seedStart = performance.now();
    await seed(t);
    const seeded = performance.now() - seedStart;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;

    // Cursors to deep pages, found by walking the list as a visitor would.
    const walk = async (query: string, pages: number) => {
      let cursor: string | null = null;
      for (let i = 0; i < pages; i++) {
        const page: GameListReply = JSON.parse((await get(port, `/api/games?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body);
        cursor = page.nextCursor;
      }
      return cursor ?? '';
    };
    const telAviv = 'lat=32.0853&lng=34.7818';
    const cases: Array<[string, string]> = [
      ['page 1', ''],
      ['page 2', `cursor=${JSON.parse((await get(port, '/api/games')).body).nextCursor}`],
      ['after 5,000 games', `cursor=${await walk('', 50)}`],
      ['search a city in Hebrew "חיפה"', `q=${encodeURIComponent('חיפה')}`],
      ['search a city in English "haifa"', 'q=haifa'],
      ['search a name "hunt 4241"', `q=${encodeURIComponent('hunt 4241')}`],
      ['search with no match', 'q=zzzz'],
      ['free', 'price=free'],
      ['paid', 'price=paid'],
      ['language en', 'language=en'],
      ['with a map', 'map=true'],
      ['free + en + map + "tel"', 'price=free&language=en&map=true&q=tel'],
      ['one creator', `user=c${(7).toString(16).padStart(23, '0')}`],
      ['near Tel Aviv (50 km)', telAviv],
      ['near Tel Aviv, after 500 games', `${telAviv}&cursor=${await walk(telAviv, 5)}`],
      ['near Tel Aviv + free', `${telAviv}&price=free`],
      ['near Eilat (10 km)', 'lat=29.5577&lng=34.9519&radius=10'],
    ];
    const rows = [];
    for (const [label, query] of cases) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await get(port, `/api/games?${query}`));
      const reply = JSON.parse(samples[0].body) as GameListReply;
      const { plan, execMs } = await explain(kind, t, query);
      rows.push({
        case: label,
        cards: reply.data.length,
        'median ms': median(samples.map((s) => s.ms)).toFixed(1),
        'gzip KB': (samples[0].gzipBytes / 1024).toFixed(1),
        'db exec ms': execMs.toFixed(2),
        plan,
      });
      if (label === 'page 1') {
        const ms = median(samples.map((s) => s.ms));
        const met = samples[0].gzipBytes < BUDGET_BYTES && ms < BUDGET_MS;
        verdicts.push(
          `${met ? 'met   ' : 'MISSED'}  ${kind}: GET /api/games page one of ${GAMES.toLocaleString('en')} games: ${(samples[0].gzipBytes / 1024).toFixed(1)} KB gzipped, median ${ms.toFixed(1)} ms (budget < 20 KB, < ${BUDGET_MS} ms)`,
        );
      }
    }
    console.log(`\n${kind}: ${GAMES.toLocaleString('en')} approved games seeded in ${(seeded / 1000).toFixed(1)} s; ${RUNS} requests per case over loopback HTTP`);
    console.table(rows);
  } finally {
    await t.close();
  }
  return verdicts;
}

const verdicts = await measure('pglite');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  process.env.TEST_DATABASE_URL = serverUrl;
  verdicts.push(...(await measure('postgres')));
}
console.log(`\nBudgets:\n${verdicts.map((v) => `  ${v}`).join('\n')}\n`);
