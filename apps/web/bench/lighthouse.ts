/**
 * `npm run bench:web`: Lighthouse (mobile, default simulated throttling) against the real server on
 * /games and /game/{id} with Debian's Chromium. Prints the four category scores, first and largest
 * contentful paint, total blocking time, layout shift and the bytes each page transferred. A
 * benchmark, not a test: it reports against DESIGN.md section 7 and exits 0.
 *
 * Knobs: BENCH_WEB_RUNS (3; the median run by performance score is shown per page),
 * CHROME_PATH or CHROMIUM_PATH (default: `command -v chromium`), BENCH_WEB_REPORTS (a folder: the median
 * run's full Lighthouse report of each page is written there as JSON), BENCH_WEB_GAMES (10000: approved
 * games added to the database before the server starts, as a successful platform has; 0 for the demo
 * games alone). Needs the built app.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { promisify } from 'node:util';
import { findChromium, repoRoot, webIndexHtml } from '../e2e/support/paths.ts';
import { startServer } from '../e2e/support/server.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const GAMES = Math.max(0, Number(process.env.BENCH_WEB_GAMES ?? 10_000));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET = { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 } as const;

type Row = { page: string; scores: Record<(typeof CATEGORIES)[number], number>; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; scriptBytes: number };

function toRow(page: string, lhr: Result): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    page,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    scriptBytes: scripts.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
  };
}

/** What failed in a category below 100, so a score can be acted on. */
function failedAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) out.push(`${id}: ${audit.id} (${audit.title})`);
    }
  }
  return out;
}

/** One Lighthouse run; a run whose trace broke (Lighthouse's NO_NAVSTART and kin) is run again. */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed 3 times on ${url}: ${result.lhr.runtimeError.message}`);
    process.stderr.write(`  ${url}: ${result.lhr.runtimeError.code}, running again\n`);
  }
}

async function main() {
  if (!existsSync(webIndexHtml)) throw new Error(`${webIndexHtml} is missing: run \`npm run build\` first`);
  const chromePath = process.env.CHROME_PATH ?? findChromium();
  if (!chromePath) throw new Error('no Chromium: apt-get install chromium, or set CHROME_PATH');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-lighthouse-'));
  const seedStart = performance.now();
  // The server's own seeding, in a process of its own before the server starts (the embedded database allows one).
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/bench/seed-data-dir.ts', dataDir, String(GAMES)], { cwd: repoRoot });
  console.log(`the demo and ${GAMES.toLocaleString('en')} more approved games seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const server = await startServer({ LOG_LEVEL: 'error', DATA_DIR: dataDir });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const games = (await (await fetch(`${server.url}/api/games`)).json()) as { data: { _id: string; metadata: { map: boolean } }[] };
    const game = games.data.find((g) => g.metadata.map) ?? games.data[0];
    if (!game) throw new Error('the demo seed has no game');
    const pages = [
      { page: '/games', url: `${server.url}/games` },
      { page: '/game/{id}', url: `${server.url}/game/${game._id}` },
    ];
    const rows: Row[] = [];
    for (const { page, url } of pages) {
      const runs: { row: Row; lhr: Result }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(url, chrome.port);
        runs.push({ row: toRow(page, lhr), lhr });
        process.stderr.write(`  ${page} run ${i + 1}/${RUNS}: performance ${runs.at(-1)!.row.scores.performance}\n`);
      }
      runs.sort((a, b) => a.row.scores.performance - b.row.scores.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      rows.push(median.row);
      const reports = process.env.BENCH_WEB_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(path.join(reports, `${page.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.json`), JSON.stringify(median.lhr));
      }
      for (const line of failedAudits(median.lhr)) console.log(`  ${page} ${line}`);
    }

    const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
    const kb = (value: number) => `${Math.round(value / 1024)} KB`;
    console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, simulated throttling, ${chromePath}`);
    console.log('page        perf  a11y  best  seo   FCP      LCP      TBT      CLS    bytes    JS');
    for (const row of rows) {
      const s = row.scores;
      console.log(
        `${row.page.padEnd(11)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(3)}   ` +
          `${ms(row.fcp).padEnd(8)} ${ms(row.lcp).padEnd(8)} ${`${Math.round(row.tbt)} ms`.padEnd(8)} ${row.cls.toFixed(3).padEnd(6)} ${kb(row.bytes).padEnd(8)} ${kb(row.scriptBytes)}`,
      );
    }
    const misses = rows.flatMap((row) => CATEGORIES.filter((c) => row.scores[c] < BUDGET[c]).map((c) => `${row.page} ${c} ${row.scores[c]} < ${BUDGET[c]}`));
    console.log(misses.length ? `\nbelow the budget of DESIGN.md section 7: ${misses.join('; ')}` : '\nevery page within the budget of DESIGN.md section 7');
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
