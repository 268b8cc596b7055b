/**
 * `npm run bench:soak`: a soak of the real server (src/main.ts) on PostgreSQL,
 * a benchmark, not a test: it prints what it measured.
 *
 * (a) one process, (b) two processes on one PostgreSQL and one Redis behind a small round-robin TCP proxy
 *     (bench/local-proxy.ts): SOAK_PLAYERS players, each a Socket.IO socket watching its own play and
 *     changing that play over HTTP (POST /api/game-progress: open a hint, set a question's status) every
 *     SOAK_UPDATE_EVERY_MS, for SOAK_SECONDS. Reported: HTTP and event-delivery latency (send to reply,
 *     send to the `game-progress` event on the player's socket), error rate, each server process's RSS
 *     (sampled from /proc) and CPU, and open sockets.
 * (c) idle sockets: how many one process holds (goal 10,000) and the memory each costs (RSS after minus
 *     RSS before, divided by the count), opened from a few client processes and held SOAK_IDLE_HOLD_S.
 *
 * Every run gets a fresh database on the PostgreSQL server (dropped after) and, for (b), its own Redis
 * key prefix (keys deleted after). Everything is on loopback; every wait is bounded and the whole soak
 * has a deadline. Knobs: see KNOBS below and README.md, section "Benchmark".
 */
import os from 'node:os';
import { Agent as HttpAgent } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io as connectClient, type Socket } from 'socket.io-client';
import { nextProgressEvent } from './event-arrival.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildCode, buildGame, gameContent } from '../src/test/factories.ts';
import type { ProxyStats } from './local-proxy.ts';
import { mb, openFilesLimit, rssBytes, socketCount, startSampler, type ProcessSamples } from './proc-stats.ts';
import type { FromClients, ToClients } from './soak-clients.ts';
import { nextMessage } from './child-messages.ts';
import {
  BenchSetupError,
  assertLoopback,
  checkPostgres,
  checkRedis,
  cleanUpAll,
  forkTs,
  httpCall,
  knob,
  median,
  ms,
  openSocket,
  pct,
  percentile,
  redisPrefix,
  runBench,
  scratchDatabase,
  serverComplaints,
  sleep,
  startProxyProcess,
  startServers,
  watchPlay,
} from './real-servers.ts';

const KNOBS = {
  players: knob('SOAK_PLAYERS', 200, 1),
  seconds: knob('SOAK_SECONDS', 60, 1),
  updateEveryMs: knob('SOAK_UPDATE_EVERY_MS', 3000, 100),
  idleSockets: knob('SOAK_IDLE_SOCKETS', 10_000),
  idleHoldS: knob('SOAK_IDLE_HOLD_S', 10, 1),
  socketsPerClientProcess: knob('SOAK_SOCKETS_PER_CLIENT', 2500, 1),
  deadlineS: knob('SOAK_DEADLINE_S', 900, 60),
  runs: (process.env.SOAK_RUNS ?? 'one,two,idle').split(',').map((r) => r.trim()).filter(Boolean),
  databaseUrl: process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const CONNECT_BATCH = 50;
/** Descriptors the server needs beside the idle sockets (database pool, Redis, listening socket, files). */
const SERVER_FD_MARGIN = 1024;

// ---------------------------------------------------------------------------------------------------
// Preflight: refuse clearly, before starting anything, what cannot work.

async function preflight() {
  for (const run of KNOBS.runs) if (!['one', 'two', 'idle'].includes(run)) throw new BenchSetupError(`SOAK_RUNS: unknown run "${run}" (one, two, idle)`);
  assertLoopback('SOAK_DATABASE_URL', KNOBS.databaseUrl);
  assertLoopback('SOAK_REDIS_URL', KNOBS.redisUrl);
  if (KNOBS.runs.includes('idle') && KNOBS.idleSockets > 0) {
    const { soft, hard } = openFilesLimit();
    const perClient = Math.min(KNOBS.socketsPerClientProcess, KNOBS.idleSockets) + 100;
    const needed = Math.max(KNOBS.idleSockets + SERVER_FD_MARGIN, perClient);
    if (soft < needed) {
      throw new BenchSetupError(
        `The open-files limit (ulimit -n) is ${soft}, too low: the server process must hold ${KNOBS.idleSockets} idle sockets ` +
          `(SOAK_IDLE_SOCKETS) plus about ${SERVER_FD_MARGIN} other descriptors, so it needs at least ${needed}. ` +
          (hard >= needed
            ? `Raise it in this shell (the hard limit is ${hard}): ulimit -n ${needed}, then run again; or lower SOAK_IDLE_SOCKETS.`
            : `The hard limit is ${hard}: raise it (e.g. in /etc/security/limits.conf, or docker run --ulimit nofile=${needed}), or lower SOAK_IDLE_SOCKETS.`),
      );
    }
  }
  await checkPostgres(KNOBS.databaseUrl, 'SOAK_DATABASE_URL');
  if (KNOBS.runs.includes('two')) await checkRedis(KNOBS.redisUrl, 'SOAK_REDIS_URL');
}

// ---------------------------------------------------------------------------------------------------
// Database, Redis, servers, proxy.

type Seed = { gameId: string; codes: string[]; actions: Array<Record<string, unknown>> };

/**
 * Migrates and seeds: one game with enough questions (4 hints each) that every update of the run
 * really changes the play, and one code per player (test factories).
 */
async function seed(url: string, players: number): Promise<Seed> {
  const updatesPerPlayer = Math.floor((KNOBS.seconds * 1000) / KNOBS.updateEveryMs);
  const perQuestion = 4 + 3;
  const questionCount = Math.max(12, Math.ceil(updatesPerPlayer / perQuestion) + 1);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    await database.migrate();
    const base = gameContent();
    const questions = Array.from({ length: questionCount }, (_, i) => ({
      ...base.questions[i % base.questions.length],
      hints: Array.from({ length: 4 }, (_, h) => ({ content: `<p>Hint ${h + 1}</p>` })),
    }));
    const game = await buildGame(database.db, { content: { questions } });
    const codes: string[] = [];
    for (let from = 0; from < players; from += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, players - from) }, () => buildCode(database.db, { gameId: game.id })));
      codes.push(...batch.map((c) => c.code));
    }
    // Each play's changes in order: its hints one by one, then STARTED, SOLUTION, SKIPPED; question by question.
    const actions = questions.flatMap((q, index) => [
      ...q.hints.map((_, hintIndex) => ({ action: 'show-question-hint', questionIndex: index, hintIndex })),
      ...['STARTED', 'SOLUTION', 'SKIPPED'].map((questionStatus) => ({ action: 'set-question-status', questionIndex: index, questionStatus })),
    ]);
    return { gameId: game.id, codes, actions };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// (a), (b): players.

type PlayersResult = {
  players: number;
  watching: number;
  setupErrors: string[];
  updates: number;
  http: number[];
  httpErrors: Record<string, number>;
  httpFailed: number;
  events: number[];
  lost: number;
  drops: number;
  late: number;
  connectS: number;
  loadLoopP99: number;
  close(): void;
};

async function runPlayers(url: string, seeded: Seed, ipBase: number): Promise<PlayersResult> {
  const players = seeded.codes.length;
  const ip = (i: number) => `10.${ipBase}.${(i >> 8) & 255}.${i & 255}`;
  // Each player keeps one HTTP connection of its own, as a phone would (one agent each, keep-alive):
  // behind the proxy, players' requests then spread over both processes as their connections do.
  const agents = Array.from({ length: players }, () => new HttpAgent({ keepAlive: true, maxSockets: 1 }));
  const endpoint = new URL('/api/game-progress', url);
  const post = (i: number, body: Record<string, unknown>) =>
    httpCall(endpoint, { agent: agents[i], headers: { 'x-forwarded-for': ip(i) }, body: { gameId: seeded.gameId, secretCode: seeded.codes[i], ...body } });

  const setupErrors: string[] = [];
  const sockets: Array<Socket | undefined> = new Array(players);
  let closing = false;
  let drops = 0;
  const connectStarted = performance.now();
  // First every play starts over HTTP, then every socket connects and watches: two phases, so that
  // behind the round-robin proxy sockets and HTTP connections each spread over both processes
  // (interleaved, they would fall into lockstep: every socket on one, every request on the other).
  const started = new Array<boolean>(players).fill(false);
  for (let from = 0; from < players; from += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, players - from) }, async (_, k) => {
        const i = from + k;
        const reply = await post(i, { action: 'set-start-time' });
        if (reply.ok) started[i] = true;
        else setupErrors.push(`player ${i}: set-start-time ${reply.status} ${reply.text.slice(0, 200)}`);
      }),
    );
  }
  for (let from = 0; from < players; from += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, players - from) }, async (_, k) => {
        const i = from + k;
        if (!started[i]) return;
        let socket: Socket | undefined;
        try {
          socket = await openSocket(url, ip(i));
          await watchPlay(socket, { gameId: seeded.gameId, secretCode: seeded.codes[i] });
          socket.on('disconnect', () => {
            if (!closing) drops += 1;
          });
          sockets[i] = socket;
        } catch (error) {
          socket?.close();
          setupErrors.push(`player ${i}: socket ${(error as Error).message}`);
        }
      }),
    );
  }
  const connectS = (performance.now() - connectStarted) / 1000;
  const active = sockets.flatMap((socket, i) => (socket ? [{ socket, i }] : []));
  if (active.length === 0) throw new Error(`no player could start and watch its play:\n${setupErrors.slice(0, 5).join('\n')}`);

  const perPlayer = Math.floor((KNOBS.seconds * 1000) / KNOBS.updateEveryMs);
  const http: number[] = [];
  const events: number[] = [];
  const httpErrors: Record<string, number> = {};
  let httpFailed = 0;
  let lost = 0;
  let late = 0;
  let updates = 0;

  /** One change: sent over HTTP, timed to its reply and to its event on the player's own socket. */
  const update = async (socket: Socket, i: number, n: number) => {
    const { sent, arrival, cancel } = nextProgressEvent(socket);
    updates += 1;
    sent();
    const reply = await post(i, { ...seeded.actions[n % seeded.actions.length] });
    if (reply.ok) http.push(reply.ms);
    else {
      httpFailed += 1;
      httpErrors[reply.status] = (httpErrors[reply.status] ?? 0) + 1;
      // No change, no event to wait for.
      cancel();
    }
    const delay = await arrival;
    if (delay === null) lost += 1;
    else if (!Number.isNaN(delay)) events.push(delay);
  };

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Each player on its own fixed schedule, phases spread evenly; never two changes of one play in flight.
  const start = performance.now() + 200;
  await Promise.all(
    active.map(async ({ socket, i }, k) => {
      const offset = (k * KNOBS.updateEveryMs) / active.length;
      for (let n = 0; n < perPlayer; n++) {
        const wait = start + offset + n * KNOBS.updateEveryMs - performance.now();
        if (wait > 0) await sleep(wait);
        else if (wait < -100) late += 1;
        await update(socket, i, n);
      }
    }),
  );
  loop.disable();

  http.sort((a, b) => a - b);
  events.sort((a, b) => a - b);
  return {
    players,
    watching: active.length,
    setupErrors,
    updates,
    http,
    httpErrors,
    httpFailed,
    events,
    lost,
    drops,
    late,
    connectS,
    loadLoopP99: loop.percentile(99) / 1e6,
    close() {
      closing = true;
      for (const { socket } of active) socket.disconnect();
      for (const agent of agents) agent.destroy();
    },
  };
}

type LoadReport = {
  label: string;
  processes: number;
  result: PlayersResult;
  samples: Record<string, ProcessSamples>;
  afterClose: Record<string, number | null>;
  crashed: string[];
  complaints: string[];
  proxy?: ProxyStats;
};

async function runLoad(kind: 'one' | 'two', ipBase: number): Promise<LoadReport> {
  const processes = kind === 'one' ? 1 : 2;
  const label = kind === 'one' ? '(a) one process' : '(b) two processes behind the proxy';
  console.log(`\n${label}: preparing a fresh database, ${KNOBS.players} plays...`);
  const databaseUrl = await scratchDatabase(KNOBS.databaseUrl, 'soak');
  const seeded = await seed(databaseUrl, KNOBS.players);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl };
  if (kind === 'two') Object.assign(env, { REDIS_URL: KNOBS.redisUrl, REDIS_PREFIX: redisPrefix(KNOBS.redisUrl, 'soak') });
  const servers = await startServers(processes, env);
  const proxy = kind === 'two' ? await startProxyProcess(servers.map((s) => s.port)) : null;
  const url = proxy?.url ?? servers[0].url;
  const pids = Object.fromEntries(servers.map((s, i) => [`server ${i + 1}`, s.child.pid!]));
  if (proxy) pids.proxy = proxy.pid;

  const sampler = startSampler(pids, 1000, 2);
  await sampler.ready;
  console.log(`${label}: ${KNOBS.players} players connecting, then ${KNOBS.seconds} s of a change every ${KNOBS.updateEveryMs} ms each...`);
  const result = await runPlayers(url, seeded, ipBase);
  const samples = await sampler.stop();
  const proxyStats = proxy ? await proxy.stats() : undefined;
  result.close();
  await sleep(2_000);
  const afterClose: Record<string, number | null> = {};
  for (const [name, pid] of Object.entries(pids)) afterClose[name] = await rssBytes(pid);
  const crashed = servers.flatMap((s, i) => (s.child.exitCode !== null || s.child.signalCode !== null ? [`server ${i + 1} exited (${s.child.exitCode ?? s.child.signalCode})`] : []));
  const complaints = servers.flatMap((s, i) => serverComplaints(s).map((line) => `server ${i + 1}: ${line.slice(0, 300)}`));
  await cleanUpAll();
  return { label, processes, result, samples, afterClose, crashed, complaints, proxy: proxyStats };
}

function printLoad(report: LoadReport) {
  const r = report.result;
  const expectedEvents = r.updates - r.httpFailed;
  console.log(
    `\n${report.label}: ${r.watching}/${r.players} players watching (connected and watching in ${r.connectS.toFixed(1)} s), ` +
      `${r.updates} changes over HTTP in ${KNOBS.seconds} s (one every ${KNOBS.updateEveryMs} ms per player, ${((r.watching * 1000) / KNOBS.updateEveryMs).toFixed(0)}/s offered); ` +
      `PostgreSQL ${new URL(KNOBS.databaseUrl).host}${report.processes > 1 ? `, Redis ${new URL(KNOBS.redisUrl).host}` : ', no Redis'}`,
  );
  console.table([
    { what: 'HTTP POST /api/game-progress', count: r.updates, errors: r.httpFailed, 'error rate': pct(r.httpFailed, r.updates), p50: ms(percentile(r.http, 50)), p95: ms(percentile(r.http, 95)), p99: ms(percentile(r.http, 99)), max: ms(r.http.at(-1) ?? NaN) },
    { what: 'game-progress event (send -> socket)', count: expectedEvents, errors: r.lost, 'error rate': pct(r.lost, expectedEvents), p50: ms(percentile(r.events, 50)), p95: ms(percentile(r.events, 95)), p99: ms(percentile(r.events, 99)), max: ms(r.events.at(-1) ?? NaN) },
  ]);
  console.table(
    Object.entries(report.samples).map(([name, s]) => ({
      process: name,
      'RSS at start': mb(s.rss[0]),
      'RSS peak': mb(Math.max(...s.rss)),
      'RSS at end': mb(s.rss.at(-1)),
      'RSS 2 s after sockets closed': mb(report.afterClose[name] ?? NaN),
      'CPU (of one core)': s.cpuStart !== null && s.cpuEnd !== null ? `${(((s.cpuEnd - s.cpuStart) / s.seconds) * 100).toFixed(0)}%` : 'n/a',
      'open sockets (peak)': s.sockets.length ? Math.max(...s.sockets) : 'n/a',
      samples: s.rss.length,
    })),
  );
  const notes = [
    `socket drops during the run: ${r.drops}`,
    `changes started over 100 ms late (load generator behind): ${r.late}`,
    `load generator event-loop delay p99: ${r.loadLoopP99.toFixed(1)} ms`,
  ];
  if (report.proxy) {
    const { connections, websockets, requests } = report.proxy;
    const per = connections.map((n, k) => `server ${k + 1}: ${websockets[k]} sockets, ${n - websockets[k]} HTTP connections, ~${requests[k]} requests`).join('; ');
    notes.push(`proxy (round robin per connection): ${per}; peak ${report.proxy.peakOpen} open, ${report.proxy.errors} ended by an error. A change sent to one process and watched on the other goes through Redis.`);
  }
  if (Object.keys(r.httpErrors).length) notes.push(`HTTP errors by status: ${JSON.stringify(r.httpErrors)}`);
  if (r.setupErrors.length) notes.push(`setup errors (${r.setupErrors.length}): ${r.setupErrors.slice(0, 3).join(' | ')}`);
  if (report.crashed.length) notes.push(`CRASHED: ${report.crashed.join(', ')}`);
  notes.push(`server warnings/errors logged: ${report.complaints.length}${report.complaints.length ? `\n      ${report.complaints.slice(0, 5).join('\n      ')}` : ''}`);
  console.log(notes.map((n) => `  ${n}`).join('\n'));
}

// ---------------------------------------------------------------------------------------------------
// (c): idle sockets on one process.

type IdleReport = {
  target: number;
  connected: number;
  failed: number;
  firstError?: string;
  connectS: number;
  stillConnected: number;
  disconnects: number;
  reasons: Record<string, number>;
  clientProcesses: number;
  rssBefore: number;
  rssAfter: number;
  rssPeak: number;
  rssAfterClose: number | null;
  socketsBefore: number | null;
  socketsHeld: number | null;
  crashed: boolean;
  complaints: string[];
};

async function rssSettled(pid: number): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 3; i++) {
    values.push((await rssBytes(pid)) ?? NaN);
    if (i < 2) await sleep(500);
  }
  return median(values);
}

async function runIdle(): Promise<IdleReport> {
  const target = KNOBS.idleSockets;
  console.log(`\n(c) idle sockets: a fresh database, one process, ${target} sockets...`);
  const databaseUrl = await scratchDatabase(KNOBS.databaseUrl, 'soak');
  const [server] = await startServers(1, { DATABASE_URL: databaseUrl });
  const pid = server.child.pid!;

  // Warm-up, so code loaded by the first sockets is not counted as the sockets' cost.
  const warm = await Promise.all(
    Array.from({ length: 100 }, async () => {
      const socket = connectClient(server.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 10_000 });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    }),
  );
  for (const socket of warm) socket.disconnect();
  await sleep(2_000);
  const rssBefore = await rssSettled(pid);
  const socketsBefore = await socketCount(pid);

  const sampler = startSampler({ server: pid }, 1000, 5);
  await sampler.ready;
  const clientCount = Math.ceil(target / KNOBS.socketsPerClientProcess);
  const shares = Array.from({ length: clientCount }, (_, k) => Math.floor(target / clientCount) + (k < target % clientCount ? 1 : 0));
  const clients = shares.map(() => forkTs('soak-clients.ts'));
  const connectStarted = performance.now();
  const opened = await Promise.all(
    clients.map((child, k) => {
      const reply = nextMessage<FromClients>(child, (m) => m.type === 'opened', 300_000, `client process ${k + 1}`);
      child.send({ type: 'open', url: server.url, count: shares[k], batch: 100 } satisfies ToClients);
      return reply as Promise<Extract<FromClients, { type: 'opened' }>>;
    }),
  );
  const connectS = (performance.now() - connectStarted) / 1000;
  const connected = opened.reduce((n, o) => n + o.connected, 0);
  console.log(`(c) ${connected}/${target} connected in ${connectS.toFixed(1)} s; holding ${KNOBS.idleHoldS} s...`);
  await sleep(KNOBS.idleHoldS * 1000);
  const statuses = await Promise.all(
    clients.map((child, k) => {
      const reply = nextMessage<FromClients>(child, (m) => m.type === 'status', 30_000, `client process ${k + 1} status`);
      child.send({ type: 'check' } satisfies ToClients);
      return reply as Promise<Extract<FromClients, { type: 'status' }>>;
    }),
  );
  const rssAfter = await rssSettled(pid);
  const socketsHeld = await socketCount(pid);
  const samples = (await sampler.stop()).server;
  await Promise.all(
    clients.map((child, k) => {
      const reply = nextMessage<FromClients>(child, (m) => m.type === 'closed', 30_000, `client process ${k + 1} close`);
      child.send({ type: 'close' } satisfies ToClients);
      return reply;
    }),
  );
  await sleep(3_000);
  const rssAfterClose = await rssBytes(pid);
  const reasons: Record<string, number> = {};
  for (const s of statuses) for (const [reason, n] of Object.entries(s.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n;
  const report: IdleReport = {
    target,
    connected,
    failed: opened.reduce((n, o) => n + o.failed, 0),
    firstError: opened.find((o) => o.firstError)?.firstError,
    connectS,
    stillConnected: statuses.reduce((n, s) => n + s.connected, 0),
    disconnects: statuses.reduce((n, s) => n + s.disconnects, 0),
    reasons,
    clientProcesses: clientCount,
    rssBefore,
    rssAfter,
    rssPeak: Math.max(rssAfter, ...samples.rss),
    rssAfterClose,
    socketsBefore,
    socketsHeld,
    crashed: server.child.exitCode !== null || server.child.signalCode !== null,
    complaints: serverComplaints(server),
  };
  await cleanUpAll();
  return report;
}

const perSocket = (r: IdleReport) => (r.connected > 0 ? (r.rssAfter - r.rssBefore) / r.connected : NaN);

function printIdle(r: IdleReport) {
  const met = r.stillConnected >= 10_000;
  console.log(
    `\n(c) idle sockets on one process (websocket transport, no watch; opened from ${r.clientProcesses} client processes; held ${KNOBS.idleHoldS} s; PostgreSQL, no Redis)`,
  );
  console.table([
    {
      asked: r.target,
      connected: r.connected,
      failed: r.failed,
      'still connected after hold': r.stillConnected,
      'dropped during hold': r.disconnects,
      'connect time': `${r.connectS.toFixed(1)} s`,
      'server open sockets before / held': `${r.socketsBefore ?? 'n/a'} / ${r.socketsHeld ?? 'n/a'}`,
      'RSS before': mb(r.rssBefore),
      'RSS after': mb(r.rssAfter),
      'RSS peak': mb(r.rssPeak),
      'per socket': Number.isFinite(perSocket(r)) ? `${(perSocket(r) / 1024).toFixed(1)} KB` : 'n/a',
      'RSS 3 s after close': mb(r.rssAfterClose ?? NaN),
    },
  ]);
  const notes = [
    r.target < 10_000
      ? `goal 10,000 idle sockets on one process: not tried (SOAK_IDLE_SOCKETS=${r.target})`
      : `goal 10,000 idle sockets on one process: ${met ? 'met' : 'MISSED'} (${r.stillConnected} held)`,
  ];
  if (r.firstError) notes.push(`first connect error: ${r.firstError}`);
  if (r.disconnects) notes.push(`drop reasons: ${JSON.stringify(r.reasons)}`);
  if (r.crashed) notes.push('CRASHED: the server process exited');
  notes.push(`server warnings/errors logged: ${r.complaints.length}${r.complaints.length ? `\n      ${r.complaints.slice(0, 5).join('\n      ')}` : ''}`);
  console.log(notes.map((n) => `  ${n}`).join('\n'));
}

// ---------------------------------------------------------------------------------------------------

function summaryOf(report: LoadReport): string {
  const r = report.result;
  const errors = r.httpFailed + r.lost;
  const peaks = Object.entries(report.samples)
    .filter(([name]) => name.startsWith('server'))
    .map(([, s]) => mb(Math.max(...s.rss)))
    .join('+');
  return `${report.processes === 1 ? 'one process' : 'two processes'}: HTTP p95 ${ms(percentile(r.http, 95))}, event p95 ${ms(percentile(r.events, 95))}, errors ${errors}/${r.updates * 2} (${pct(errors, r.updates * 2)}), RSS peak ${peaks}`;
}

async function main() {
  // `npm run bench` runs the soak after its other parts; BENCH_SOAK=0 leaves it out.
  if (process.env.BENCH_SOAK === '0') {
    console.log('Soak left out (BENCH_SOAK=0); `npm run bench:soak` runs it alone.');
    return;
  }
  await preflight();
  const load = os.loadavg();
  console.log(
    `Soak: ${KNOBS.runs.join(', ')}; ${KNOBS.players} players, ${KNOBS.seconds} s, a change every ${KNOBS.updateEveryMs} ms each; ` +
      `${KNOBS.idleSockets} idle sockets held ${KNOBS.idleHoldS} s. Load average at start ${load.map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs ` +
      `(the load generator, the proxy, PostgreSQL and Redis share this machine with the servers).`,
  );

  const summary: string[] = [];
  const reports: LoadReport[] = [];
  if (KNOBS.runs.includes('one')) {
    const report = await runLoad('one', 1);
    printLoad(report);
    reports.push(report);
    summary.push(summaryOf(report));
  }
  if (KNOBS.runs.includes('two')) {
    const report = await runLoad('two', 2);
    printLoad(report);
    reports.push(report);
    summary.push(summaryOf(report));
  }
  if (reports.length === 2) {
    console.log('\n(a) against (b)');
    console.table(
      reports.map((report) => ({
        run: report.label,
        'HTTP p95': ms(percentile(report.result.http, 95)),
        'event p95': ms(percentile(report.result.events, 95)),
        'HTTP errors': pct(report.result.httpFailed, report.result.updates),
        'events lost': pct(report.result.lost, report.result.updates - report.result.httpFailed),
        'server RSS peak': Object.entries(report.samples)
          .filter(([name]) => name.startsWith('server'))
          .map(([, s]) => mb(Math.max(...s.rss)))
          .join(' + '),
      })),
    );
  }
  if (KNOBS.runs.includes('idle') && KNOBS.idleSockets > 0) {
    const report = await runIdle();
    printIdle(report);
    summary.push(`idle: ${report.stillConnected}/${report.target} sockets held ${KNOBS.idleHoldS} s on one process, RSS ${mb(report.rssBefore)} -> ${mb(report.rssAfter)} = ${(perSocket(report) / 1024).toFixed(1)} KB per socket`);
  }
  console.log(`\nSOAK: ${KNOBS.players} players x ${KNOBS.seconds} s | ${summary.join(' | ')}`);
}

runBench(main, { seconds: KNOBS.deadlineS, knob: 'SOAK_DEADLINE_S', what: 'soak' });
