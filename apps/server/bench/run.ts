/**
 * `npm run bench` (DESIGN.md section 7), a benchmark, not a test: it prints figures and whether each
 * budget is met.
 *
 * - Throughput on loopback: each API route against a bare Fastify route returning the very same
 *   bytes, measured in the same run. Budget: at least half the bare route's requests per second.
 *   "The same bytes" is the whole response: our body and our response headers (security headers,
 *   rate-limit headers...), so what differs is the work our stack does per request. The bare route
 *   with the body alone is measured too and printed beside it.
 * - Live progress: with 1,000 sockets open (plays of BENCH_SOCKETS_PER_PLAY devices), the delay from
 *   sending an HTTP progress update to its `game-progress` event arriving at the play's other devices.
 *   Budget: p95 under 100 ms.
 *
 * The servers run in a child process (bench/server.ts); this process only generates load, so the two
 * do not share an event loop. Every wait is bounded, and the whole run has a deadline. The app runs
 * as in production, rate limits on, behind a trusted proxy: each request comes from its own address.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { io as connectClient, type Socket } from 'socket.io-client';
import { WATCH_EVENT } from '@streethunt/shared';
import { nextProgressEvent } from './event-arrival.ts';
import { SAME_BYTES_PREFIX, type BareRoute, type FromServer, type ToServer } from './server.ts';
import { nextMessage } from './child-messages.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
/** Ours and bare take turns this many times; the medians are reported (the machine may be busy with other work). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SOCKETS_PER_PLAY = Number(process.env.BENCH_SOCKETS_PER_PLAY ?? 4);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 600);
/**
 * Updates per second over all plays, sent on a fixed schedule (not waiting for replies, so a slow
 * server is not hidden). 50/s means each of 250 teams changes something every 5 s: busier than people on foot.
 */
const UPDATES_PER_S = Number(process.env.BENCH_UPDATES_PER_S ?? 50);
const SOCKET_BATCH = 100;
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 600) * 1000;

const MIN_RATIO = 0.5;
const MAX_P95_MS = 100;

type HttpCase = { name: string; method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };
type Throughput = { rps: number; p99: number };

/** The server process and its messages. */
function startServers(plays: number) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const child: ChildProcess = fork(script, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_PLAYS: String(plays) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends FromServer['type']>(type: T, timeoutMs = 120_000) =>
    nextMessage<FromServer>(child, (message) => message.type === type, timeoutMs, `'${type}' from the server process`) as Promise<Extract<FromServer, { type: T }>>;
  const send = (message: ToServer) => child.send(message);
  return { child, next, send };
}

/** A different client address on every request (X-Forwarded-For; the app trusts it here), as many players would be. */
let clients = 0;
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function measure(url: string, c: HttpCase): Promise<Throughput> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: c.method,
    headers: c.headers,
    body: c.body,
    // The per-IP rate limits stay on, as in production; the many addresses keep them from refusing the load.
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextClient() } }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The bare server's path for a case: one route per case, also when two cases call the same path of ours. */
const barePath = (c: HttpCase) => (c.headers?.['accept-encoding'] ? `/accept-encoding${c.path}` : c.path);

async function call(url: string, c: Pick<HttpCase, 'method' | 'headers' | 'body'>) {
  // fetch would ask for gzip by itself; autocannon asks for nothing unless the case says so: sample what it gets.
  const res = await fetch(url, { method: c.method, headers: { 'accept-encoding': 'identity', ...c.headers }, body: c.body, signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  if (!res.ok) throw new Error(`${c.method} ${url}: ${res.status} ${body}`);
  // Everything but what Node writes for itself on every response.
  const own = new Set(['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding', 'content-type']);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !own.has(name)));
  return { body, headers, contentType: res.headers.get('content-type') ?? 'application/json' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type LiveResult = { sockets: number; plays: number; updates: number; deliveries: number; lost: number; p50: number; p95: number; p99: number; max: number; connectMs: number };

/** Opens the sockets in batches, has each watch its play, then times updates to the play's other devices. */
async function measureLive(appUrl: string, live: { gameId: string; hintsPerQuestion: number[]; codes: string[] }): Promise<LiveResult> {
  const plays = Math.ceil(SOCKETS / SOCKETS_PER_PLAY);
  const json = { 'content-type': 'application/json' };
  const progress = (body: Record<string, unknown>) =>
    call(`${appUrl}/api/game-progress`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': nextClient() },
      body: JSON.stringify({ gameId: live.gameId, ...body }),
    });

  for (let p = 0; p < plays; p++) await progress({ action: 'set-start-time', secretCode: live.codes[p] });

  const sockets: Socket[] = [];
  const connectStart = performance.now();
  try {
    for (let start = 0; start < SOCKETS; start += SOCKET_BATCH) {
      const batch = Array.from({ length: Math.min(SOCKET_BATCH, SOCKETS - start) }, (_, k) => start + k);
      await Promise.all(
        batch.map(async (i) => {
          const socket = connectClient(appUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 10_000 });
          sockets[i] = socket;
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          });
          const ack = await socket.timeout(10_000).emitWithAck(WATCH_EVENT, { gameId: live.gameId, secretCode: live.codes[Math.floor(i / SOCKETS_PER_PLAY)] });
          if (!ack?.ok) throw new Error(`socket ${i}: watch refused (${JSON.stringify(ack)})`);
        }),
      );
    }
    const connectMs = performance.now() - connectStart;

    // Each play's next changing action: open its hints one by one, then STARTED, SOLUTION, SKIPPED; question by question.
    const actions = live.hintsPerQuestion.flatMap((hints, q) => [
      ...Array.from({ length: hints }, (_, h) => ({ action: 'show-question-hint', questionIndex: q, hintIndex: h })),
      ...['STARTED', 'SOLUTION', 'SKIPPED'].map((status) => ({ action: 'set-question-status', questionIndex: q, questionStatus: status })),
    ]);
    const cursor = new Array<number>(plays).fill(0);
    const inFlight = new Array<Promise<void> | undefined>(plays);
    const delays: number[] = [];
    let lost = 0;

    /** One update of one play: device 0 sends it over HTTP; the play's other devices must hear of it. */
    const update = async (play: number) => {
      const action = actions[cursor[play]++ % actions.length];
      const others = sockets.slice(play * SOCKETS_PER_PLAY + 1, Math.min(SOCKETS, (play + 1) * SOCKETS_PER_PLAY));
      const waits = others.map((socket) => nextProgressEvent(socket));
      for (const wait of waits) wait.sent();
      await progress({ secretCode: live.codes[play], ...action });
      const arrivals = waits.map((wait) => wait.arrival);
      for (const delay of await Promise.all(arrivals)) {
        if (delay === null) lost += 1;
        else delays.push(delay);
      }
    };

    // Round robin over the plays, on schedule; a play never has two updates in flight.
    const start = performance.now();
    for (let i = 0; i < UPDATES; i++) {
      const wait = start + (i * 1000) / UPDATES_PER_S - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const play = i % plays;
      const previous = inFlight[play];
      inFlight[play] = (previous ?? Promise.resolve()).then(() => update(play));
    }
    await Promise.all(inFlight);
    const sent = UPDATES;
    delays.sort((a, b) => a - b);
    return {
      sockets: sockets.length,
      plays,
      updates: sent,
      deliveries: delays.length,
      lost,
      p50: percentile(delays, 50),
      p95: percentile(delays, 95),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? NaN,
      connectMs,
    };
  } finally {
    for (const socket of sockets) socket?.disconnect();
  }
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`The benchmark did not finish in ${DEADLINE_MS / 1000} s; stopping.`);
    process.exit(1);
  }, DEADLINE_MS);

  const plays = Math.ceil(SOCKETS / SOCKETS_PER_PLAY);
  const servers = startServers(plays);
  try {
    const { appUrl, demo, bilingual, live } = await servers.next('ready');
    const json = { 'content-type': 'application/json' };
    const progressBody = JSON.stringify({ action: 'get-game-progress', gameId: demo.gameId, secretCode: demo.code });
    await call(`${appUrl}/api/game-progress`, { method: 'POST', headers: json, body: JSON.stringify({ action: 'set-start-time', gameId: demo.gameId, secretCode: demo.code }) });

    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const cases: HttpCase[] = [
      { name: 'GET /api/public-config', method: 'GET', path: '/api/public-config' },
      { name: 'GET /api/games/{gameId} (x-game-secret)', method: 'GET', path: `/api/games/${demo.gameId}`, headers: { 'x-game-secret': demo.code } },
      { name: 'POST /api/game-progress (get-game-progress)', method: 'POST', path: '/api/game-progress', headers: json, body: progressBody },
      // As a phone asks: the game (over 1 KB) comes brotli-compressed, the progress (under 1 KB) as it is.
      // The bare routes send the same compressed bytes, compressed once at start.
      { name: 'GET /api/games/{gameId} (x-game-secret, accept-encoding)', method: 'GET', path: `/api/games/${demo.gameId}`, headers: { 'x-game-secret': demo.code, ...browser } },
      { name: 'POST /api/game-progress (get-game-progress, accept-encoding)', method: 'POST', path: '/api/game-progress', headers: { ...json, ...browser }, body: progressBody },
      // A game in two languages, asked for in its translation: prepared once per version and language, as the original is.
      { name: 'GET /api/games/{gameId}?lang=en (x-game-secret, accept-encoding)', method: 'GET', path: `/api/games/${bilingual.gameId}?lang=en`, headers: { 'x-game-secret': bilingual.code, ...browser } },
    ];

    // The bare routes return the very bytes our routes return, so only our stack's work differs.
    const routes: BareRoute[] = [];
    for (const c of cases) {
      const sample = await call(`${appUrl}${c.path}`, c);
      if (c.path.startsWith('/api/games/') && !JSON.parse(sample.body).questions) throw new Error('the game reply has no questions: the code was not accepted');
      const encoding = sample.headers['content-encoding'];
      if (encoding !== undefined && encoding !== 'br' && encoding !== 'gzip') throw new Error(`${c.name}: unexpected content-encoding ${encoding}`);
      routes.push({ method: c.method, path: barePath(c), contentType: sample.contentType, body: sample.body, headers: sample.headers, encoding });
      const headerBytes = Object.entries(sample.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      console.log(`${c.name}: ${Buffer.byteLength(sample.body)} bytes of body${encoding ? ` (sent ${encoding})` : ''}, ${headerBytes} bytes of our own headers`);
    }
    servers.send({ type: 'bare', routes });
    const { url: bareUrl } = await servers.next('bare-ready');

    const rows: Array<Record<string, string | number>> = [];
    const verdicts: string[] = [];
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    for (const c of cases) {
      const runs: Array<{ ours: Throughput; bare: Throughput; bodyOnly: Throughput }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const ours = await measure(`${appUrl}${c.path}`, c);
        const bare = await measure(`${bareUrl}${SAME_BYTES_PREFIX}${barePath(c)}`, c);
        const bodyOnly = await measure(`${bareUrl}${barePath(c)}`, c);
        runs.push({ ours, bare, bodyOnly });
      }
      const med = (pick: (r: (typeof runs)[number]) => Throughput) => ({ rps: median(runs.map((r) => pick(r).rps)), p99: median(runs.map((r) => pick(r).p99)) });
      const [ours, bare, bodyOnly] = [med((r) => r.ours), med((r) => r.bare), med((r) => r.bodyOnly)];
      // The ratio of each round's pair, then the median: a busy moment hits both sides of a pair alike.
      const ratio = median(runs.map((r) => r.ours.rps / r.bare.rps));
      const bodyOnlyRatio = median(runs.map((r) => r.ours.rps / r.bodyOnly.rps));
      const met = ratio >= MIN_RATIO;
      rows.push({
        case: c.name,
        'req/s': Math.round(ours.rps),
        'p99 ms': ours.p99,
        'bare req/s': Math.round(bare.rps),
        'bare p99': bare.p99,
        'of bare': `${(ratio * 100).toFixed(0)}%`,
        'bare body-only req/s': Math.round(bodyOnly.rps),
        'of body-only': `${(bodyOnlyRatio * 100).toFixed(0)}%`,
        budget: met ? 'met' : 'MISSED',
      });
      verdicts.push(
        `${met ? 'met   ' : 'MISSED'}  ${c.name}: ${(ratio * 100).toFixed(0)}% of the bare route with the same bytes (budget >= 50%); ${(bodyOnlyRatio * 100).toFixed(0)}% of a bare route sending our body without our headers`,
      );
    }
    console.log(
      `\nThroughput on loopback (${CONNECTIONS} connections; ours and bare take turns, ${ROUNDS} rounds of ${DURATION_S} s each, medians; load from a separate process)`,
    );
    console.table(rows);

    const liveResult = await measureLive(appUrl, live);
    const liveMet = liveResult.lost === 0 && liveResult.p95 < MAX_P95_MS;
    console.log(
      `\nLive progress: ${liveResult.sockets} sockets open (${liveResult.plays} plays of ${SOCKETS_PER_PLAY}; opened and watching in ${(liveResult.connectMs / 1000).toFixed(1)} s), ` +
        `${liveResult.updates} HTTP updates at ${UPDATES_PER_S}/s, each timed from sending to its arrival at the play's ${SOCKETS_PER_PLAY - 1} other sockets`,
    );
    console.table([
      {
        deliveries: liveResult.deliveries,
        lost: liveResult.lost,
        'p50 ms': liveResult.p50.toFixed(1),
        'p95 ms': liveResult.p95.toFixed(1),
        'p99 ms': liveResult.p99.toFixed(1),
        'max ms': liveResult.max.toFixed(1),
        budget: liveMet ? 'met (p95 < 100 ms)' : 'MISSED',
      },
    ]);
    verdicts.push(`${liveMet ? 'met   ' : 'MISSED'}  game-progress event to the other devices: p95 ${liveResult.p95.toFixed(1)} ms, ${liveResult.lost} lost (budget p95 < ${MAX_P95_MS} ms)`);
    console.log(`\nBudgets (DESIGN.md section 7):\n${verdicts.map((v) => `  ${v}`).join('\n')}\n`);
  } finally {
    servers.send({ type: 'stop' });
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        servers.child.kill();
        resolve(null);
      }, 10_000);
      servers.child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    clearTimeout(deadline);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
