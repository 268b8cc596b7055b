/**
 * `npm run bench`: API throughput on loopback against a bare Fastify route returning the same bytes,
 * measured in the same run (DESIGN.md section 7). A benchmark, not a test: it prints figures.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createOutboxMailer } from '../src/platform/mail/create-mailer.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Result = { name: string; rps: number; p99: number };

async function measure(name: string, url: string, init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...init });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0' });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const app = await buildApp({ config, database, mailer: createOutboxMailer(config.mail.from, dataDir), webDist: null, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const cases: Array<{ name: string; path: string }> = [{ name: 'GET /api/public-config', path: '/api/public-config' }];
  const results: Result[] = [];
  for (const c of cases) {
    const sample = await fetch(`${appUrl}${c.path}`);
    const bytes = await sample.text();
    // The bare route returns the very same bytes, so only our stack's overhead differs.
    const bare = Fastify({ logger: false });
    bare.get(c.path, (_req, reply) => reply.type('application/json').send(bytes));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const ours = await measure(c.name, `${appUrl}${c.path}`);
    const baseline = await measure(`${c.name} (bare Fastify)`, `${bareUrl}${c.path}`);
    await bare.close();
    results.push(ours, baseline);
    const ratio = ours.rps / baseline.rps;
    console.log(`${c.name}: ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99} ms) vs bare ${baseline.rps.toFixed(0)} req/s (p99 ${baseline.p99} ms): ${(ratio * 100).toFixed(0)}% ${ratio >= 0.5 ? 'within' : 'OVER'} budget (>= 50%)`);
  }
  console.table(results.map((r) => ({ case: r.name, 'req/s': Math.round(r.rps), 'p99 ms': r.p99 })));
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
