/**
 * The admin's users list at 100,000 users: `npx tsx apps/server/bench/users-list.ts`. A measurement,
 * not a test: seeds the users on in-memory PGlite (and on the TEST_DATABASE_URL server when set),
 * then prints the median reply time of page 1, a deep page and searches, through the whole app.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TestDatabaseKind } from '../src/db/test-database.ts';
import { buildTestApp, type TestApp } from '../src/test/build-test-app.ts';
import { buildUser } from '../src/test/factories.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BATCH = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** Many users in a few multi-row INSERT ... SELECT statements, one registration a minute back in time. */
async function seed(t: TestApp) {
  for (let from = 1; from <= USERS; from += BATCH) {
    const to = Math.min(from + BATCH - 1, USERS);
    await t.db.execute(sql`
      insert into users (id, first_name, last_name, email, password_hash, phone, created_at)
      select lpad(to_hex(i), 24, '0'),
             (array['Noa', 'Dana', 'Yossi', 'נועה', 'דנה', 'Avi'])[1 + i % 6] || i,
             (array['Levi', 'Cohen', 'Mizrahi', 'לוי', 'כהן'])[1 + i % 5],
             'player' || i || '@mail' || (i % 100) || '.example.com',
             'dummy-hash', '05' || lpad((i % 100000000)::text, 8, '0'),
             now() - make_interval(mins => i)
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await t.db.execute(sql`analyze users`);
}

const cases: [string, string][] = [
  ['page 1', ''],
  ['page 50 (size 50)', '?page=50&pageSize=50'],
  [`page ${USERS / 20} (deep)`, `?page=${USERS / 20}`],
  ['last page', `?page=${Math.ceil(USERS / 10)}`],
  ['name prefix "Noa12"', '?q=Noa12'],
  ['Hebrew name "נועה"', `?q=${encodeURIComponent('נועה')}`],
  ['email substring "@mail42."', `?q=${encodeURIComponent('@mail42.')}`],
  ["phone \"05000123\"", "?q=05000123"],
  ['no match', '?q=zzzz-nobody'],
];

async function measure(kind: TestDatabaseKind) {
  const t = await buildTestApp({ kind });
  try {
    const seedStart = performance.now();
    await seed(t);
    const seeded = performance.now() - seedStart;
    const admin = await buildUser(t.db, { role: 'admin' });
    const token = await t.app.services.signer.sign({ userId: admin.id, role: 'admin', tokenVersion: 0 });
    const rows = [];
    for (const [label, query] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const res = await t.app.inject({ method: 'GET', url: `/api/users/${query}`, headers: { 'x-access-token': token } });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
        total = (res.json() as { data: { total: number } }).data.total;
      }
      times.sort((a, b) => a - b);
      rows.push({ case: label, matched: total, 'median ms': times[Math.floor(RUNS / 2)].toFixed(1), 'max ms': times[RUNS - 1].toFixed(1) });
    }
    console.log(`\n${kind}: ${USERS.toLocaleString('en')} users seeded in ${(seeded / 1000).toFixed(1)} s, ${RUNS} runs each`);
    console.table(rows);
  } finally {
    await t.close();
  }
}

await measure('pglite');
if (process.env.TEST_DATABASE_URL) await measure('postgres');
