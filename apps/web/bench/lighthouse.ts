/**
 * `npm run bench:web`: Lighthouse (mobile, default simulated throttling) against the real server on
 * /games and /game/{id} with Debian's Chromium, each beside its BASELINE: the same first screen as a
 * static page without JavaScript, the floor the app is measured against. Prints, per page, the medians
 * of the four category scores, first and largest contentful paint, total blocking time, layout shift
 * and the bytes transferred for the app and its baseline, the spread of performance and LCP, and
 * PASS/MISS for each budget of DESIGN.md section 7. A benchmark, not a test: it exits 0.
 *
 * The baseline (bench/baseline.ts): the app's own HTML for the page, fetched from the running server,
 * without any `<script>` (module, inline, JSON data) nor `<link rel="modulepreload">` (nor a preload as
 * script or fetch, which only feeds scripts), its `<link rel="preload" as="style">` made the stylesheet
 * the app's script would make it, everything else (cover image and its preload, CSS) kept; absolute URLs
 * of the app's origin (canonical, og:url, a cover image's src) name the baseline's, so each page loads
 * from one origin. It is written to a temp folder and served by a node:http server on another port that
 * answers the page's path with it (the app's headers for the page, brotli or gzip as the build compresses
 * index.html) and proxies every other path (/assets/*, /media/*, /favicon.svg...) to the app server
 * unchanged (status, headers, bytes, content-encoding), so both load the same files with the same headers.
 * App and baseline runs are interleaved (per run: app /games, baseline /games, app /game/{id}, baseline
 * /game/{id}), so a machine that slows down midway slows both.
 *
 * Knobs: BENCH_WEB_RUNS (5; medians over the runs), CHROME_PATH or CHROMIUM_PATH (default: `command -v
 * chromium`), BENCH_WEB_REPORTS (a folder: for app and baseline of each page, the full Lighthouse report
 * of the median run by performance as JSON, and the baseline HTML), BENCH_WEB_GAMES (10000: approved games
 * added to the database before the server starts, as a successful platform has; 0 for the demo games
 * alone). Needs the built app. Then the offline reload of bench/offline-reload.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { promisify } from 'node:util';
import { findChromium, repoRoot, webIndexHtml } from '../e2e/support/paths.ts';
import { startServer } from '../e2e/support/server.ts';
import { startBaselineServer } from './baseline.ts';
import { measureOfflineReload, OFFLINE_RELOAD_BUDGET_MS } from './offline-reload.ts';

/** A positive whole number from the environment, else `fallback`. */
function envCount(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name]);
  return process.env[name]?.trim() && Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;
}

const RUNS = envCount('BENCH_WEB_RUNS', 5, 1);
const GAMES = envCount('BENCH_WEB_GAMES', 10_000, 0);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const VARIANTS = ['app', 'baseline'] as const;
type Category = (typeof CATEGORIES)[number];
type Variant = (typeof VARIANTS)[number];

type Row = { scores: Record<Category, number>; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; scriptBytes: number };

function toRow(lhr: Result): Row {
  // NaN, not 0, for what Lighthouse could not compute: a page without an LCP element has no LCP, TBT nor performance score.
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
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

/** The median of the runs that measured it (an even count takes the mean of the middle two); NaN when none did. */
function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Summary = { median: Row; performance: [number, number]; lcp: [number, number] };

function summarize(rows: Row[]): Summary {
  const of = (pick: (row: Row) => number) => median(rows.map(pick));
  const range = (pick: (row: Row) => number): [number, number] => {
    const values = rows.map(pick).filter(Number.isFinite);
    return values.length ? [Math.min(...values), Math.max(...values)] : [NaN, NaN];
  };
  return {
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, of((row) => row.scores[c])])) as Record<Category, number>,
      fcp: of((row) => row.fcp),
      lcp: of((row) => row.lcp),
      tbt: of((row) => row.tbt),
      cls: of((row) => row.cls),
      bytes: of((row) => row.bytes),
      scriptBytes: of((row) => row.scriptBytes),
    },
    performance: range((row) => row.scores.performance),
    lcp: range((row) => row.lcp),
  };
}

/** Columns padded to their widest cell, markdown style. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** A formatter that writes n/a for what was not measured. */
const measured =
  (format: (value: number) => string) =>
  (value: number): string =>
    Number.isFinite(value) ? format(value) : 'n/a';
const score = measured((value) => (Number.isInteger(value) ? String(value) : value.toFixed(1)));
const seconds = measured((value) => `${(value / 1000).toFixed(2)} s`);
const ms = measured((value) => `${Math.round(value)} ms`);
const kb = measured((value) => `${Math.round(value / 1024)} KB`);
const cls = measured((value) => value.toFixed(3));
const times = measured((value) => `${value.toFixed(2)} x`);
const difference = (x: number, y: number, format: (value: number) => string) =>
  Number.isFinite(x - y) ? `${x > y ? '+' : x < y ? '-' : '±'}${format(Math.abs(x - y))}` : 'n/a';

type Check = { line: string; measured: string; result: 'PASS' | 'MISS' | 'n/a' };

/**
 * DESIGN.md section 7, for a page's app and baseline medians: what it asks, what was measured, whether it
 * holds; n/a when a side has no value (a client shell with no content has no LCP, so no score either).
 */
function budgets(app: Row, baseline: Row): Check[] {
  const check = (line: string, text: string, value: number, pass: (value: number) => boolean): Check => ({
    line,
    measured: text,
    result: Number.isFinite(value) ? (pass(value) ? 'PASS' : 'MISS') : 'n/a',
  });
  const gap = baseline.scores.performance - app.scores.performance;
  const gapText = Number.isFinite(gap)
    ? `${score(Math.abs(gap))} ${gap >= 0 ? 'below' : 'above'} ${score(baseline.scores.performance)}`
    : `${score(app.scores.performance)} vs ${score(baseline.scores.performance)}`;
  const lcpRatio = app.lcp / baseline.lcp;
  return [
    check('performance >= 95', score(app.scores.performance), app.scores.performance, (v) => v >= 95),
    check('performance within 5 points of the baseline', gapText, gap, (v) => v <= 5),
    check('LCP <= 1.3 x baseline LCP', `${times(lcpRatio)} (${seconds(app.lcp)} / ${seconds(baseline.lcp)})`, lcpRatio, (v) => v <= 1.3),
    check('TBT <= 200 ms', ms(app.tbt), app.tbt, (v) => v <= 200),
    check('accessibility 100', score(app.scores.accessibility), app.scores.accessibility, (v) => v >= 100),
    check('best practices >= 95', score(app.scores['best-practices']), app.scores['best-practices'], (v) => v >= 95),
    check('SEO >= 95', score(app.scores.seo), app.scores.seo, (v) => v >= 95),
  ];
}

function pageReport(page: string, app: Summary, baseline: Summary, checks: Check[]): string {
  const a = app.median;
  const b = baseline.median;
  const spread = ([min, max]: [number, number], format: (value: number) => string) => (Number.isFinite(min) && min !== max ? ` (${format(min)}–${format(max)})` : '');
  const scoreRow = (c: Category, label: string) => [label, score(a.scores[c]), score(b.scores[c]), difference(a.scores[c], b.scores[c], score)];
  const metrics = table(
    [page, 'app', 'baseline', 'app vs baseline'],
    [
      [
        'performance',
        score(a.scores.performance) + spread(app.performance, score),
        score(b.scores.performance) + spread(baseline.performance, score),
        difference(a.scores.performance, b.scores.performance, score),
      ],
      scoreRow('accessibility', 'accessibility'),
      scoreRow('best-practices', 'best practices'),
      scoreRow('seo', 'SEO'),
      ['FCP', seconds(a.fcp), seconds(b.fcp), times(a.fcp / b.fcp)],
      ['LCP', seconds(a.lcp) + spread(app.lcp, seconds), seconds(b.lcp) + spread(baseline.lcp, seconds), times(a.lcp / b.lcp)],
      ['TBT', ms(a.tbt), ms(b.tbt), difference(a.tbt, b.tbt, ms)],
      ['CLS', cls(a.cls), cls(b.cls), difference(a.cls, b.cls, cls)],
      ['bytes', kb(a.bytes), kb(b.bytes), difference(a.bytes, b.bytes, kb)],
      ['script bytes', kb(a.scriptBytes), kb(b.scriptBytes), difference(a.scriptBytes, b.scriptBytes, kb)],
    ],
  );
  const budget = table(
    [`${page} budget (DESIGN.md section 7)`, 'measured', 'result'],
    checks.map((check) => [check.line, check.measured, check.result]),
  );
  return `${metrics}\n\n${budget}`;
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
  const baselineServer = await startBaselineServer(server.url);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const games = (await (await fetch(`${server.url}/api/games`)).json()) as { data: { _id: string; metadata: { map: boolean } }[] };
    const game = games.data.find((g) => g.metadata.map) ?? games.data[0];
    if (!game) throw new Error('the demo seed has no game');
    const pages: { page: string; file: string; urls: Record<Variant, string> }[] = [];
    for (const [page, pagePath] of [
      ['/games', '/games'],
      ['/game/{id}', `/game/${game._id}`],
    ] as const) {
      const baseline = await baselineServer.add(pagePath);
      console.log(`baseline of ${page}: ${baseline.removed.length} elements taken out (${baseline.removed.map((tag) => tag.replace(/\s+/g, ' ')).join(', ') || 'none'})`);
      pages.push({ page, file: baseline.file, urls: { app: `${server.url}${pagePath}`, baseline: baseline.url } });
    }

    const runs = new Map(pages.map(({ page }) => [page, { app: [] as { row: Row; lhr: Result }[], baseline: [] as { row: Row; lhr: Result }[] }]));
    for (let i = 0; i < RUNS; i++) {
      for (const { page, urls } of pages) {
        for (const variant of VARIANTS) {
          const lhr = await audit(urls[variant], chrome.port);
          const row = toRow(lhr);
          runs.get(page)![variant].push({ row, lhr });
          const noLcp = lhr.audits['largest-contentful-paint']?.errorMessage;
          process.stderr.write(`  run ${i + 1}/${RUNS} ${page} ${variant}: performance ${score(row.scores.performance)}, LCP ${noLcp ? `none (${noLcp})` : seconds(row.lcp)}\n`);
        }
      }
    }

    const reports = process.env.BENCH_WEB_REPORTS;
    const sections: string[] = [];
    const results: Check['result'][] = [];
    for (const { page, file } of pages) {
      const byVariant = runs.get(page)!;
      const name = page.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
      for (const variant of VARIANTS) {
        const sorted = [...byVariant[variant]].sort((x, y) => x.row.scores.performance - y.row.scores.performance);
        const medianRun = sorted[Math.floor(sorted.length / 2)]!;
        if (reports) {
          mkdirSync(reports, { recursive: true });
          writeFileSync(path.join(reports, `${name}${variant === 'app' ? '' : '-baseline'}.json`), JSON.stringify(medianRun.lhr));
        }
        for (const line of failedAudits(medianRun.lhr)) console.log(`  ${page}${variant === 'app' ? '' : ' baseline'} ${line}`);
      }
      if (reports) await copyFile(file, path.join(reports, `${name}-baseline.html`));
      const app = summarize(byVariant.app.map((run) => run.row));
      const baseline = summarize(byVariant.baseline.map((run) => run.row));
      const checks = budgets(app.median, baseline.median);
      results.push(...checks.map((check) => check.result));
      sections.push(pageReport(page, app, baseline, checks));
    }

    console.log(`\nLighthouse, ${RUNS > 1 ? `medians of ${RUNS} interleaved runs` : 'one run'} (spread min–max), mobile, simulated throttling, ${chromePath}`);
    console.log('baseline: the same first screen as static HTML without JavaScript, same server and files\n');
    console.log(sections.join('\n\n'));
    const count = (result: Check['result']) => results.filter((r) => r === result).length;
    const unmeasured = count('n/a') ? `, ${count('n/a')} n/a (a value missing: a page with no LCP element, such as a client shell, has no LCP, TBT nor performance score)` : '';
    console.log(`\nDESIGN.md section 7: ${count('PASS')} budget lines PASS, ${count('MISS')} MISS${unmeasured}`);

    const offline = await measureOfflineReload(server, game._id, RUNS);
    const held = offline.median <= OFFLINE_RELOAD_BUDGET_MS ? 'PASS' : 'MISS';
    console.log(
      `\nDESIGN.md section 14, a reload with no network shows the saved question: median ${ms(offline.median)} of ${RUNS} (${offline.all.map(ms).join(', ')}), CPU slowed 4x, at most ${OFFLINE_RELOAD_BUDGET_MS} ms: ${held}`,
    );
  } finally {
    chrome.kill();
    await baselineServer.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
