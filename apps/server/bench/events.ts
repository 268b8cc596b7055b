/**
 * `npm run bench:events` (and the last part of `npm run bench`; left out with BENCH_EVENTS=0): a live
 * event under a crowd, on the real server (src/main.ts) and the local PostgreSQL. A benchmark, not a
 * test: it prints what it measured and whether each budget is met.
 *
 * An organiser makes an event of BENCH_EVENT_TEAMS teams (the API), each team is started, and each team
 * plays on BENCH_EVENT_PHONES phones: a socket each, watching the team's play. For BENCH_EVENT_SECONDS,
 * every team sends its position every BENCH_EVENT_POSITION_MS from its phones' sockets in turn (staggered
 * over all teams; the server takes one position a team every 2 s, whatever number of phones send) and
 * takes the team's next turn every BENCH_EVENT_ANSWER_MS over HTTP (the team's phones in
 * turn, so the team's changes never conflict, and the teams spread so the rate is steady): an answer
 * (ANSWERED with the right answer, then DONE), a hint, or a skip (SOLUTION, then SKIPPED). One control
 * room socket watches the event. Measured:
 *
 * - each change's delay to the control room: from sending to the first `event:team` for the team that
 *   shows it (the position sent; the answered, hints or skipped count the change makes). ANSWERED and
 *   SOLUTION change no field of the team (its counts are of DONE and SKIPPED questions), so those are
 *   timed to their `event:feed` line instead. None within 5 s is lost. Budget: p95 under 100 ms, none lost.
 * - the control room's query (GET /api/events/{id}, every team's score) every BENCH_EVENT_ROOM_MS during
 *   the load. Budget: p95 under 50 ms.
 * - the player's own budgets (DESIGN.md section 7) under this load: get-game-progress sampled
 *   BENCH_EVENT_PLAYER_PER_S times a second (p95 under 100 ms), and each change's `game-progress` event
 *   on the team's other phones (p95 under 100 ms).
 *
 * Two runs: one process, and two processes on one PostgreSQL and one Redis, the phones' connections
 * spread over them one after another (BENCH_EVENT_BALANCER below), each on a fresh database (dropped after) and, for two, a Redis key prefix of
 * its own (deleted after). Every wait is bounded and the whole bench has a deadline. BENCH_CPU_PROF=dir
 * has the servers write V8 CPU profiles there when they stop.
 */
import { Agent as HttpAgent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import {
  PROGRESS_EVENT,
  EVENT_FEED_EVENT,
  EVENT_POSITIONS_EVENT,
  EVENT_TEAMS_MAX,
  EVENT_TEAM_EVENT,
  EVENT_WATCH_EVENT,
  TEAM_POSITION_EVENT,
  TEAM_POSITION_INTERVAL_MS,
  controlRoomSchema,
  startTimeReplySchema,
  textAnswerValue,
  type EventTeam,
  type FeedItem,
  type FeedKind,
  type TeamPositionUpdate,
  type Role,
} from '@streethunt/shared';
import { openDatabase } from '../src/db/client.ts';
import { createTokenSigner } from '../src/platform/auth.ts';
import { buildGame, buildUser, gameContent } from '../src/test/factories.ts';
import { tokenFor } from '../src/test/tokens.ts';
import { keyedArrivals, nextProgressEvent } from './event-arrival.ts';
import { cpuWindow, mb, openFilesLimit, startSampler } from './proc-stats.ts';
import {
  BENCH_JWT_SECRET,
  BenchSetupError,
  assertLoopback,
  checkPostgres,
  checkRedis,
  cleanUpAll,
  httpCall,
  knob,
  ms,
  openSocket,
  percentile,
  redisPrefix,
  runBench,
  scratchDatabase,
  serverComplaints,
  sleep,
  startProxyProcess,
  startServers,
  watchPlay,
  type HttpReply,
} from './real-servers.ts';

const RUNS = ['one', 'two'] as const;
type RunKind = (typeof RUNS)[number];

/**
 * The command line may say the same as the environment, e.g. `npm run bench:events -- --teams 1000
 * --seconds 20 --runs two` (a flag wins over its variable).
 */
const FLAGS: Record<string, string> = { '--teams': 'BENCH_EVENT_TEAMS', '--phones': 'BENCH_EVENT_PHONES', '--seconds': 'BENCH_EVENT_SECONDS', '--runs': 'BENCH_EVENT_RUNS', '--balancer': 'BENCH_EVENT_BALANCER' };
for (let i = 2; i < process.argv.length; i++) {
  const [flag, inline] = process.argv[i].split('=', 2);
  const variable = FLAGS[flag];
  if (!variable) throw new BenchSetupError(`unknown flag ${flag} (${Object.keys(FLAGS).join(', ')})`);
  process.env[variable] = inline ?? process.argv[++i];
}

const seconds = knob('BENCH_EVENT_SECONDS', 60, 1);
const runs = (process.env.BENCH_EVENT_RUNS ?? RUNS.join(',')).split(',').map((r) => r.trim()).filter(Boolean);
const KNOBS = {
  teams: knob('BENCH_EVENT_TEAMS', 200, 1),
  phones: knob('BENCH_EVENT_PHONES', 3, 1),
  seconds,
  // The server drops a team's positions sent less than 2 s apart.
  positionEveryMs: knob('BENCH_EVENT_POSITION_MS', TEAM_POSITION_INTERVAL_MS, 2_100),
  answerEveryMs: knob('BENCH_EVENT_ANSWER_MS', 20_000, 100),
  roomEveryMs: knob('BENCH_EVENT_ROOM_MS', 500, 50),
  playerPerS: knob('BENCH_EVENT_PLAYER_PER_S', 10, 1),
  runs,
  deadlineS: knob('BENCH_EVENT_DEADLINE_S', 240 + runs.length * (seconds + 150), 60),
  databaseUrl: process.env.BENCH_EVENT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.BENCH_EVENT_REDIS_URL ?? 'redis://127.0.0.1:6379',
  cpuProfDir: process.env.BENCH_CPU_PROF,
  /**
   * How two processes share the phones: each phone's connections go to the next process, either from
   * the load generator itself ('direct', the default) or through the round-robin TCP proxy
   * (bench/local-proxy.ts, 'proxy'). The routing is the same, a connection staying where it went; the
   * proxy adds a Node.js process relaying every byte on this machine (a tenth of a core at a thousand
   * teams), work a production balancer does on its own.
   */
  balancer: process.env.BENCH_EVENT_BALANCER ?? 'direct',
};

/** A change reaches the control room within this (p95); its query (every team's score) answers within QUERY_P95_MS. */
const ROOM_P95_MS = 100;
const QUERY_P95_MS = 50;
/**
 * What reaches a phone besides its own play's progress (the ranking pushed to the teams, a message)
 * is throttled per event: with a thousand teams changing, a phone must not get a push per change.
 */
const PUSHES_PER_PHONE_S = 1;
/** DESIGN.md section 7: a player's get-game-progress p95, and a change reaching the play's other devices. */
const PLAYER_P95_MS = 100;
const PROGRESS_EVENT_P95_MS = 100;
const SETUP_BATCH = 50;
/** A send this late on its schedule: the load generator fell behind (or, for a turn, the team's previous turn was still going). */
const LATE_MS = 100;

async function preflight() {
  for (const run of KNOBS.runs) if (!(RUNS as readonly string[]).includes(run)) throw new BenchSetupError(`BENCH_EVENT_RUNS: unknown run "${run}" (${RUNS.join(', ')})`);
  if (!['direct', 'proxy'].includes(KNOBS.balancer)) throw new BenchSetupError(`BENCH_EVENT_BALANCER: "direct" or "proxy" (got "${KNOBS.balancer}")`);
  if (KNOBS.teams > EVENT_TEAMS_MAX) throw new BenchSetupError(`BENCH_EVENT_TEAMS: an event has at most ${EVENT_TEAMS_MAX} teams (got ${KNOBS.teams})`);
  assertLoopback('BENCH_EVENT_DATABASE_URL', KNOBS.databaseUrl);
  assertLoopback('BENCH_EVENT_REDIS_URL', KNOBS.redisUrl);
  // A socket and a keep-alive connection per phone, and a few more.
  const needed = KNOBS.teams * KNOBS.phones * 2 + 200;
  const { soft } = openFilesLimit();
  if (soft < needed) throw new BenchSetupError(`The open-files limit (ulimit -n) is ${soft}; ${KNOBS.teams * KNOBS.phones} phones need about ${needed}: raise it (ulimit -n ${needed}).`);
  await checkPostgres(KNOBS.databaseUrl, 'BENCH_EVENT_DATABASE_URL');
  if (KNOBS.runs.includes('two')) await checkRedis(KNOBS.redisUrl, 'BENCH_EVENT_REDIS_URL');
}

// ---------------------------------------------------------------------------------------------------
// The game and its turns.

type Turn = { kind: 'answer' | 'hint' | 'skip'; question: number };

/** The turns of a team, question by question: now and then a hint before, now and then a skip instead of an answer. */
function turnsOf(questionCount: number): Turn[] {
  const turns: Turn[] = [];
  for (let question = 0; question < questionCount; question++) {
    if (question % 3 === 1) turns.push({ kind: 'hint', question });
    turns.push({ kind: question % 4 === 3 ? 'skip' : 'answer', question });
  }
  return turns;
}

/** A team takes a turn this often: its phones in turn, each every BENCH_EVENT_ANSWER_MS. */
const turnGapMs = () => KNOBS.answerEveryMs / KNOBS.phones;
/** The most turns a team takes in the run. */
const turnsPerTeam = () => Math.ceil((KNOBS.seconds * 1000) / turnGapMs());

type Seed = { organiser: { id: string; role: Role }; gameId: string; answers: string[]; turns: Turn[] };

/** Migrates and seeds an organiser and an approved game of theirs with more turns than the run takes. */
async function seed(url: string): Promise<Seed> {
  let turns: Turn[] = [];
  let questionCount = 12;
  while ((turns = turnsOf(questionCount)).length < turnsPerTeam() + 1) questionCount += 4;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  try {
    await database.migrate();
    const organiser = await buildUser(database.db, { firstName: 'Organiser' });
    const base = gameContent().questions;
    // Copies of the base questions (each copy gets ids of its own): text answers and two hints each.
    const questions = Array.from({ length: questionCount }, (_, i) => base[i % base.length]);
    const game = await buildGame(database.db, { userId: organiser.id, content: { questions } });
    const answers = game.content.questions.map((q) => textAnswerValue(q.answer).split(',')[0].trim());
    return { organiser: { id: organiser.id, role: organiser.role }, gameId: game.id, answers, turns };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The run.

/** A team's code, and the play grant set-start-time handed its phones (they send it with every call, as the web app does). */
type Team = { id: string; code: string; grant?: string };
type Counted = 'answered' | 'hints' | 'skipped';
/** A change's reply: a 2xx, a 4xx (nothing changed), or none or a 5xx (it may have changed). */
type Outcome = 'ok' | 'refused' | 'unsure';

/** Delays in ms, and how many never came. */
type Delays = { delays: number[]; lost: number };
const delays = (): Delays => ({ delays: [], lost: 0 });

type Figures = {
  teams: number;
  phones: number;
  connectS: number;
  /** Send to the control room: positions (event:team), counts (event:team), feed lines (event:feed). */
  position: Delays;
  counts: Delays;
  feed: Delays;
  /** Send to the team's other phones (game-progress). */
  progress: Delays;
  /** The phones' changes over HTTP (set-question-status, show-question-hint). */
  changes: number[];
  changeErrors: Record<string, number>;
  room: number[];
  roomErrors: number;
  roomBytes: number;
  /** The same as it came over the connection (compressed, as the organiser's browser asks for it). */
  roomWireBytes: number;
  player: number[];
  playerErrors: number;
  received: { team: number; feed: number; positions: number; positionMessages: number };
  /** What the control room should receive: a position in event:positions per position, an event:team per change, an event:feed per ANSWERED, hint and SOLUTION. */
  expected: { team: number; feed: number; positions: number };
  /** Events other than game-progress the phones received during the run, by name. */
  phonePushes: Record<string, number>;
  drops: number;
  late: number;
  turnsLate: number;
  loadLoopP99: number;
  /** Where the machine's CPU went during the play (shares of one core), and how much of it stayed idle. */
  playCpu: { byGroup: Record<string, number>; idle: number };
  /** Teams whose counts in the control room, read after the run, are what the bench did. */
  matching: number;
  mismatches: string[];
};

const record = (into: Delays, delay: number | null) => {
  if (delay === null) into.lost += 1;
  else if (!Number.isNaN(delay)) into.delays.push(delay);
};

/**
 * `urls`: where the phones connect, one after another by phone (a phone's HTTP connection and socket go
 * to the same one, as each connection stays where a layer-4 balancer put it): one process, the proxy,
 * or each process directly.
 */
async function runEvent(urls: string[], seeded: Seed, ipBase: number, cpuGroups: Parameters<typeof cpuWindow>[0]): Promise<Figures> {
  const url = urls[0];
  const urlOf = (k: number) => urls[k % urls.length];
  const phoneCount = KNOBS.teams * KNOBS.phones;
  const ip = (i: number) => `10.${ipBase}.${(i >> 8) & 255}.${i & 255}`;
  // Each phone keeps one HTTP connection of its own (one agent each, keep-alive): behind the proxy,
  // phones' requests then spread over both processes as their connections do.
  const agents = Array.from({ length: phoneCount }, () => new HttpAgent({ keepAlive: true, maxSockets: 1 }));
  // The organiser's browser, and the sampled player: a few connections each.
  const roomAgent = new HttpAgent({ keepAlive: true, maxSockets: 6 });
  const playerAgent = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  const organiserIp = `10.${ipBase}.250.1`;
  const token = await tokenFor(createTokenSigner(BENCH_JWT_SECRET), seeded.organiser);
  // As the organiser's browser asks: the control room's reply (half a megabyte at a thousand teams) comes compressed.
  const organiserHeaders = { 'x-access-token': token, 'x-forwarded-for': organiserIp, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const progressUrls = urls.map((base) => new URL('/api/game-progress', base));
  const progress = (phone: number, team: Team, body: Record<string, unknown>) =>
    httpCall(progressUrls[phone % urls.length], { agent: agents[phone], headers: { 'x-forwarded-for': ip(phone) }, body: { gameId: seeded.gameId, secretCode: team.code, ...(team.grant && { grant: team.grant }), ...body } });
  const must = (what: string, reply: HttpReply) => {
    if (!reply.ok) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
    return JSON.parse(reply.text) as { data: unknown };
  };

  const made = must(
    'POST /api/events',
    await httpCall(new URL('/api/events', url), {
      agent: roomAgent,
      headers: organiserHeaders,
      body: {
        gameId: seeded.gameId,
        name: 'Bench event',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        teamCount: KNOBS.teams,
      },
    }),
  );
  const eventId = (made.data as { id: string }).id;
  // The organiser's browser keeps its connection, so its reads stay on one process (as they did behind the proxy).
  const roomUrl = new URL(`/api/events/${eventId}`, url);
  const readRoom = () => httpCall(roomUrl, { agent: roomAgent, method: 'GET', headers: organiserHeaders });
  const teams: Team[] = controlRoomSchema.parse(must('GET /api/events/{id}', await readRoom()).data).teams.map((t) => ({ id: t.id, code: t.code }));
  const phonesOf = (t: number) => Array.from({ length: KNOBS.phones }, (_, p) => t * KNOBS.phones + p);

  // First each phone's HTTP connection (phone 0 starts the team's play, the others read it, as a phone
  // opening the game does), then the sockets: in two phases, so that behind the round-robin proxy both
  // kinds spread over both processes (interleaved, they would fall into lockstep).
  const setupErrors: string[] = [];
  const connectStarted = performance.now();
  const inBatches = async (count: number, each: (i: number) => Promise<void>) => {
    for (let from = 0; from < count; from += SETUP_BATCH) await Promise.all(Array.from({ length: Math.min(SETUP_BATCH, count - from) }, (_, k) => each(from + k)));
  };
  await inBatches(teams.length, async (t) => {
    const reply = await progress(phonesOf(t)[0], teams[t], { action: 'set-start-time' });
    if (!reply.ok) setupErrors.push(`team ${t}: set-start-time ${reply.status} ${reply.text.slice(0, 200)}`);
    else teams[t].grant = startTimeReplySchema.parse(JSON.parse(reply.text)).grant;
  });
  await inBatches(phoneCount, async (i) => {
    if (i % KNOBS.phones === 0) return;
    const reply = await progress(i, teams[Math.floor(i / KNOBS.phones)], { action: 'get-game-progress' });
    if (!reply.ok) setupErrors.push(`phone ${i}: get-game-progress ${reply.status}`);
  });
  const sockets: Socket[] = [];
  let closing = false;
  let drops = 0;
  await inBatches(phoneCount, async (i) => {
    let socket: Socket | undefined;
    try {
      socket = await openSocket(urlOf(i), ip(i));
      const team = teams[Math.floor(i / KNOBS.phones)];
      await watchPlay(socket, { gameId: seeded.gameId, secretCode: team.code, ...(team.grant && { grant: team.grant }) });
      socket.on('disconnect', () => {
        if (!closing) drops += 1;
      });
      sockets[i] = socket;
    } catch (error) {
      socket?.close();
      setupErrors.push(`phone ${i}: socket ${(error as Error).message}`);
    }
  });
  const control = await openSocket(url, organiserIp);
  const watched = (await control.timeout(10_000).emitWithAck(EVENT_WATCH_EVENT, { eventId, token })) as { ok: boolean };
  if (!watched.ok) throw new Error(`event:watch refused: ${JSON.stringify(watched)}`);
  const received = { team: 0, feed: 0, positions: 0, positionMessages: 0 };
  control.on(EVENT_TEAM_EVENT, () => (received.team += 1));
  control.on(EVENT_FEED_EVENT, () => (received.feed += 1));
  control.on(EVENT_POSITIONS_EVENT, (updates: TeamPositionUpdate[]) => {
    received.positions += updates.length;
    received.positionMessages += 1;
  });
  // What else reaches the phones during the run besides their play's progress (the ranking pushed to
  // them, a team's view), by event name: to see that it is throttled per event, not one per change.
  const phonePushes: Record<string, number> = {};
  let countingPushes = false;
  for (const socket of sockets) {
    socket?.onAny((name: string) => {
      if (countingPushes && name !== PROGRESS_EVENT) phonePushes[name] = (phonePushes[name] ?? 0) + 1;
    });
  }
  const connectS = (performance.now() - connectStarted) / 1000;
  if (setupErrors.length > 0) throw new Error(`setup failed (${setupErrors.length}):\n${setupErrors.slice(0, 5).join('\n')}`);

  const figures: Figures = {
    teams: teams.length,
    phones: phoneCount,
    connectS,
    position: delays(),
    counts: delays(),
    feed: delays(),
    progress: delays(),
    changes: [],
    changeErrors: {},
    room: [],
    roomErrors: 0,
    roomBytes: 0,
    roomWireBytes: 0,
    player: [],
    playerErrors: 0,
    received,
    expected: { team: 0, feed: 0, positions: 0 },
    phonePushes,
    drops: 0,
    late: 0,
    turnsLate: 0,
    loadLoopP99: NaN,
    playCpu: { byGroup: {}, idle: 0 },
    matching: 0,
    mismatches: [],
  };
  /** Control room arrivals still awaited; settled (each within 5 s) before the figures are read. */
  const pending: Promise<void>[] = [];
  const awaitInto = (into: Delays, arrival: Promise<number | null>) => pending.push(arrival.then((delay) => record(into, delay)));
  const teamArrivals = keyedArrivals<EventTeam>(control, EVENT_TEAM_EVENT, (team) => [team.id]);
  const feedArrivals = keyedArrivals<FeedItem>(control, EVENT_FEED_EVENT, (item) => (item.teamId ? [item.teamId] : []));
  const positionArrivals = keyedArrivals<TeamPositionUpdate[]>(control, EVENT_POSITIONS_EVENT, (updates) => updates.map((update) => update.teamId));
  const teamEvent = (teamId: string, shows: (team: EventTeam) => boolean) => teamArrivals(teamId, shows);
  const feedEvent = (teamId: string, kind: FeedKind, question: number) =>
    feedArrivals(teamId, (item) => item.kind === kind && item.questionNumber === question + 1);

  /**
   * What each team has done, to check the control room's counts after the run: `sure` counts the changes
   * that got a 2xx, `unsure` those that got no reply or a 5xx (the server may have made them).
   */
  const done = teams.map(() => ({ sure: { answered: 0, hints: 0, skipped: 0 }, unsure: { answered: 0, hints: 0, skipped: 0 } }));

  /**
   * One change of team t over HTTP from one of its phones: timed to its reply, to its game-progress
   * event on the team's other phones (awaited: the next change's wait must not catch this one's
   * event), and to the control room (`team` and `feed` when the change shows there).
   */
  const change = async (
    t: number,
    phone: number,
    body: Record<string, unknown>,
    room: { team?: (team: EventTeam) => boolean; feed?: { kind: FeedKind; question: number } },
  ): Promise<Outcome> => {
    const others = phonesOf(t).filter((p) => p !== phone && sockets[p]).map((p) => nextProgressEvent(sockets[p]));
    const team = room.team && teamEvent(teams[t].id, room.team);
    const feed = room.feed && feedEvent(teams[t].id, room.feed.kind, room.feed.question);
    const waits = [...others, ...(team ? [team] : []), ...(feed ? [feed] : [])];
    for (const wait of waits) wait.sent();
    const reply = await progress(phone, teams[t], body);
    if (reply.ok) {
      figures.changes.push(reply.ms);
      figures.expected.team += 1;
      if (feed) figures.expected.feed += 1;
    } else {
      figures.changeErrors[reply.status] = (figures.changeErrors[reply.status] ?? 0) + 1;
      for (const wait of waits) wait.cancel();
    }
    if (team) awaitInto(figures.counts, team.arrival);
    if (feed) awaitInto(figures.feed, feed.arrival);
    for (const delay of await Promise.all(others.map((o) => o.arrival))) record(figures.progress, delay);
    return reply.ok ? 'ok' : /^4\d\d$/.test(reply.status) ? 'refused' : 'unsure';
  };

  /** A change that moves one of the team's counts: timed to the first event:team that shows the new count. */
  const counted = async (t: number, phone: number, body: Record<string, unknown>, field: Counted, feed?: { kind: FeedKind; question: number }) => {
    const count = done[t];
    // After an unsure change this may match one change early: the run is failing by then anyway.
    const expect = count.sure[field] + 1;
    const outcome = await change(t, phone, body, { team: (team) => team[field] >= expect, feed });
    if (outcome === 'ok') count.sure[field] = expect;
    else if (outcome === 'unsure') count.unsure[field] += 1;
  };

  const status = (question: number, questionStatus: string, extra: Record<string, unknown> = {}) => ({ action: 'set-question-status', questionIndex: question, questionStatus, ...extra });
  const takeTurn = async (t: number, phone: number, turn: Turn) => {
    const q = turn.question;
    if (turn.kind === 'hint') await counted(t, phone, { action: 'show-question-hint', questionIndex: q, hintIndex: 0 }, 'hints', { kind: 'hint', question: q });
    else if (turn.kind === 'answer') {
      if ((await change(t, phone, status(q, 'ANSWERED', { answer: seeded.answers[q] }), { feed: { kind: 'answered', question: q } })) === 'refused') return;
      await counted(t, phone, status(q, 'DONE'), 'answered');
    } else {
      if ((await change(t, phone, status(q, 'SOLUTION'), { feed: { kind: 'skipped', question: q } })) === 'refused') return;
      await counted(t, phone, status(q, 'SKIPPED'), 'skipped');
    }
  };

  /** Positions: unique per team (a new longitude each time), so each is known when it shows. */
  const positionsSent = teams.map(() => 0);
  const lastPositionAt = new Array<number>(teams.length).fill(-Infinity);
  const sendPosition = async (t: number, phone: number) => {
    // Never two from one team under 2 s apart (the server would drop the second), even when this process lags.
    const gap = lastPositionAt[t] + 2_100 - performance.now();
    if (gap > 0) await sleep(gap);
    const at = { lat: 32 + t * 0.001, lng: 34.7 + (positionsSent[t] += 1) * 0.00001 };
    const wait = positionArrivals(teams[t].id, (updates) => updates.some((update) => update.teamId === teams[t].id && update.lat === at.lat && update.lng === at.lng));
    lastPositionAt[t] = performance.now();
    wait.sent();
    sockets[phone].emit(TEAM_POSITION_EVENT, at);
    figures.expected.positions += 1;
    awaitInto(figures.position, wait.arrival);
  };

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now() + 500;
  const end = start + KNOBS.seconds * 1000;
  const cpu = cpuWindow(cpuGroups);
  setTimeout(() => {
    countingPushes = true;
    cpu.start();
  }, 500);
  /** Waits until `at` on the schedule; true when it is already well past. */
  const until = async (at: number) => {
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    return wait < -LATE_MS;
  };

  const positionLoops = teams.map(async (_, t) => {
    const offset = (t * KNOBS.positionEveryMs) / teams.length;
    for (let n = 0; offset + n * KNOBS.positionEveryMs < KNOBS.seconds * 1000; n++) {
      if (await until(start + offset + n * KNOBS.positionEveryMs)) figures.late += 1;
      await sendPosition(t, t * KNOBS.phones + (n % KNOBS.phones));
    }
  });
  // A team's turns one after another on its phones in turn; a turn that runs late delays the next, never overlaps it.
  const turnLoops = teams.map(async (_, t) => {
    // Team t's first turn comes t/teams of a gap after the start: the teams' turns spread evenly.
    const offset = (t * turnGapMs()) / teams.length;
    for (let j = 0; offset + j * turnGapMs() < KNOBS.seconds * 1000 && j < seeded.turns.length; j++) {
      if (await until(start + offset + j * turnGapMs())) figures.turnsLate += 1;
      await takeTurn(t, phonesOf(t)[j % KNOBS.phones], seeded.turns[j]);
    }
  });
  // The control room's query, and a player's read of their play, on fixed schedules (a slow reply does not slow them).
  const sampled: Promise<void>[] = [];
  const roomLoop = (async () => {
    for (let n = 0; start + n * KNOBS.roomEveryMs < end; n++) {
      if (await until(start + n * KNOBS.roomEveryMs)) figures.late += 1;
      sampled.push(
        readRoom().then((reply) => {
          if (!reply.ok) figures.roomErrors += 1;
          else {
            figures.room.push(reply.ms);
            figures.roomBytes = Buffer.byteLength(reply.text);
            figures.roomWireBytes = reply.wireBytes;
          }
        }),
      );
    }
  })();
  const playerLoop = (async () => {
    for (let n = 0; start + (n * 1000) / KNOBS.playerPerS < end; n++) {
      if (await until(start + (n * 1000) / KNOBS.playerPerS)) figures.late += 1;
      const t = n % teams.length;
      sampled.push(
        httpCall(progressUrls[n % urls.length], {
          agent: playerAgent,
          headers: { 'x-forwarded-for': `10.${ipBase}.${100 + (t >> 8)}.${t & 255}` },
          body: { action: 'get-game-progress', gameId: seeded.gameId, secretCode: teams[t].code, ...(teams[t].grant && { grant: teams[t].grant }) },
        }).then((reply) => {
          if (reply.ok) figures.player.push(reply.ms);
          else figures.playerErrors += 1;
        }),
      );
    }
  })();
  await Promise.all([...positionLoops, ...turnLoops, roomLoop, playerLoop]);
  countingPushes = false;
  figures.playCpu = await cpu.stop();
  await Promise.all(sampled);
  await Promise.all(pending);
  loop.disable();
  figures.loadLoopP99 = loop.percentile(99) / 1e6;
  figures.drops = drops;

  // The control room, read once more (the server may still be catching up), must show what every team did.
  let last = await readRoom();
  for (let retry = 0; !last.ok && retry < 3; retry++) last = await sleep(1_000).then(readRoom);
  if (!last.ok) figures.mismatches.push(`the control room could not be read after the run: ${last.status}`);
  const byId = new Map(last.ok ? controlRoomSchema.parse((JSON.parse(last.text) as { data: unknown }).data).teams.map((team) => [team.id, team]) : []);
  const fields: Counted[] = ['answered', 'hints', 'skipped'];
  teams.forEach((team, t) => {
    const shown = byId.get(team.id);
    const { sure, unsure } = done[t];
    if (shown && fields.every((field) => shown[field] >= sure[field] && shown[field] <= sure[field] + unsure[field])) figures.matching += 1;
    else figures.mismatches.push(`team ${t}: shown ${JSON.stringify(shown && { answered: shown.answered, hints: shown.hints, skipped: shown.skipped })}, done ${JSON.stringify(done[t])}`);
  });

  closing = true;
  control.disconnect();
  for (const socket of sockets) socket?.disconnect();
  for (const agent of [...agents, roomAgent, playerAgent]) agent.destroy();
  return figures;
}

type Report = { label: string; kind: RunKind; figures: Figures; cpu: Array<{ process: string; cpu: string; rssPeak: string }>; complaints: Complaint[]; crashed: string[] };
type Complaint = { cause: string; count: number };

async function runOne(kind: RunKind, ipBase: number): Promise<Report> {
  const processes = kind === 'one' ? 1 : 2;
  const label = kind === 'one' ? 'one process' : KNOBS.balancer === 'proxy' ? 'two processes with Redis, behind the proxy' : 'two processes with Redis';
  console.log(`\n${label}: a fresh database, an event of ${KNOBS.teams} teams...`);
  const databaseUrl = await scratchDatabase(KNOBS.databaseUrl, 'events');
  const seeded = await seed(databaseUrl);
  const env: Record<string, string> = { DATABASE_URL: databaseUrl };
  if (kind === 'two') Object.assign(env, { REDIS_URL: KNOBS.redisUrl, REDIS_PREFIX: redisPrefix(KNOBS.redisUrl, 'events') });
  const servers = await startServers(processes, env, KNOBS.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(KNOBS.cpuProfDir)}`] : []);
  const proxy = kind === 'two' && KNOBS.balancer === 'proxy' ? await startProxyProcess(servers.map((s) => s.port)) : null;
  const pids = Object.fromEntries(servers.map((s, i) => [`server ${i + 1}`, s.child.pid!]));
  if (proxy) pids.proxy = proxy.pid;
  const sampler = startSampler(pids, 1000, 5);
  await sampler.ready;
  console.log(`${label}: ${KNOBS.teams * KNOBS.phones} phones connecting, then ${KNOBS.seconds} s of play...`);
  const figures = await runEvent(proxy ? [proxy.url] : servers.map((s) => s.url), seeded, ipBase, {
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, [pid]])),
    'load generator': [process.pid],
    PostgreSQL: (name) => name === 'postgres',
    Redis: (name) => name.startsWith('redis-server'),
  });
  const samples = await sampler.stop();
  const cpu = Object.entries(samples).map(([name, s]) => ({
    process: name,
    cpu: s.cpuStart !== null && s.cpuEnd !== null ? `${(((s.cpuEnd - s.cpuStart) / s.seconds) * 100).toFixed(0)}%` : 'n/a',
    rssPeak: mb(Math.max(...s.rss)),
  }));
  const crashed = servers.flatMap((s, i) => (s.child.exitCode !== null || s.child.signalCode !== null ? [`server ${i + 1} exited (${s.child.exitCode ?? s.child.signalCode})`] : []));
  const complaints = complaintCauses(servers.flatMap((s) => serverComplaints(s)));
  await cleanUpAll();
  return { label, kind, figures, cpu, complaints, crashed };
}

type LoggedError = { type?: string; message?: string; stack?: string; cause?: LoggedError };

/**
 * The servers' warnings and errors by what they say: the log message and the error's innermost cause
 * (the app logs an error's causes nested, pino's own serializer in its stack), with counts.
 */
function complaintCauses(lines: string[]): Complaint[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    let key = line.slice(0, 200);
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: LoggedError };
      let inner = entry.err;
      while (inner?.cause) inner = inner.cause;
      const fromStack = [...(inner?.stack ?? '').matchAll(/caused by: (.*)/g)].at(-1)?.[1];
      const error = inner && (fromStack ?? `${inner.type ?? 'Error'}: ${(inner.message ?? '').split('\n')[0].slice(0, 90)}`);
      key = [entry.msg, error].filter(Boolean).join(': ').slice(0, 200);
    } catch {
      // Not a JSON line (a stack trace): kept as it is.
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([cause, count]) => ({ cause, count })).sort((a, b) => b.count - a.count);
}

// ---------------------------------------------------------------------------------------------------
// Report.

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const controlRoomDelays = (f: Figures) => sorted([...f.position.delays, ...f.counts.delays, ...f.feed.delays]);
const controlRoomLost = (f: Figures) => f.position.lost + f.counts.lost + f.feed.lost;
const changeErrorCount = (f: Figures) => Object.values(f.changeErrors).reduce((a, b) => a + b, 0);

function row(what: string, values: number[], extra: { lost?: number; errors?: number; budget?: string }) {
  const s = sorted(values);
  return {
    what,
    count: s.length + (extra.lost ?? 0),
    lost: extra.lost ?? '',
    errors: extra.errors ?? '',
    p50: ms(percentile(s, 50)),
    p95: ms(percentile(s, 95)),
    p99: ms(percentile(s, 99)),
    max: ms(s.at(-1) ?? NaN),
    budget: extra.budget ?? '',
  };
}

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const pushesPerPhoneS = (f: Figures) => Object.values(f.phonePushes).reduce((a, b) => a + b, 0) / f.phones / KNOBS.seconds;
const pushNames = (f: Figures) =>
  Object.entries(f.phonePushes)
    .map(([name, count]) => `${name} ${(count / f.phones / KNOBS.seconds).toFixed(2)}`)
    .join(', ') || 'none';

function verdicts(report: Report) {
  const f = report.figures;
  const room = controlRoomDelays(f);
  const lost = controlRoomLost(f);
  const roomP95 = percentile(room, 95);
  const queryP95 = percentile(sorted(f.room), 95);
  const playerP95 = percentile(sorted(f.player), 95);
  const progressP95 = percentile(sorted(f.progress.delays), 95);
  return [
    {
      met: lost === 0 && changeErrorCount(f) === 0 && f.mismatches.length === 0 && roomP95 < ROOM_P95_MS,
      text: `control room sees each change: p95 ${ms(roomP95)} over ${room.length + lost} deliveries (${f.position.delays.length + f.position.lost} positions, ${f.changes.length + changeErrorCount(f)} HTTP changes), ${lost} lost, ${changeErrorCount(f)} HTTP errors, counts right for ${f.matching}/${f.teams} teams (budget p95 < ${ROOM_P95_MS} ms, none lost)`,
    },
    { met: f.roomErrors === 0 && queryP95 < QUERY_P95_MS, text: `GET /api/events/{id} (the leaderboard): p95 ${ms(queryP95)}, ${f.roomErrors} errors (budget p95 < ${QUERY_P95_MS} ms)` },
    {
      met: f.playerErrors === 0 && playerP95 < PLAYER_P95_MS,
      text: `a player's get-game-progress: p95 ${ms(playerP95)}, ${f.playerErrors} errors (DESIGN.md section 7: p95 < ${PLAYER_P95_MS} ms)`,
    },
    {
      met: pushesPerPhoneS(f) < PUSHES_PER_PHONE_S,
      text: `pushes to the phones besides their progress: ${pushesPerPhoneS(f).toFixed(2)} per phone per second (${pushNames(f)}) (budget < ${PUSHES_PER_PHONE_S})`,
    },
    {
      met: f.progress.lost === 0 && progressP95 < PROGRESS_EVENT_P95_MS,
      text: `game-progress event to the team's other phones: p95 ${ms(progressP95)}, ${f.progress.lost} lost (DESIGN.md section 7: p95 < ${PROGRESS_EVENT_P95_MS} ms)`,
    },
  ];
}

function printReport(report: Report) {
  const f = report.figures;
  const changeCount = f.changes.length + changeErrorCount(f);
  console.log(
    `\n${report.label}: ${f.teams} teams, ${f.phones} phones watching (connected and watching in ${f.connectS.toFixed(1)} s); ${KNOBS.seconds} s of ` +
      `a position every ${KNOBS.positionEveryMs / 1000} s per team and a turn every ${KNOBS.answerEveryMs / 1000} s per phone ` +
      `(${((f.teams * 1000) / KNOBS.positionEveryMs).toFixed(0)} positions/s, ${((f.phones * 1000) / KNOBS.answerEveryMs).toFixed(0)} turns/s offered, ${changeCount} HTTP changes sent)`,
  );
  const roomBudget = `p95 < ${ROOM_P95_MS} ms, none lost`;
  console.table([
    row('position -> event:team (control room)', f.position.delays, { lost: f.position.lost, budget: roomBudget }),
    row('DONE / hint / SKIPPED -> event:team count', f.counts.delays, { lost: f.counts.lost, budget: roomBudget }),
    row('ANSWERED / hint / SOLUTION -> event:feed line', f.feed.delays, { lost: f.feed.lost, budget: roomBudget }),
    row('all changes -> control room', controlRoomDelays(f), { lost: controlRoomLost(f), budget: `${verdict(percentile(controlRoomDelays(f), 95) < ROOM_P95_MS && controlRoomLost(f) === 0)} (${roomBudget})` }),
    row('GET /api/events/{id} (control room query)', f.room, { errors: f.roomErrors, budget: `${verdict(percentile(sorted(f.room), 95) < QUERY_P95_MS && f.roomErrors === 0)} (p95 < ${QUERY_P95_MS} ms)` }),
    row('POST /api/game-progress get-game-progress', f.player, { errors: f.playerErrors, budget: `${verdict(percentile(sorted(f.player), 95) < PLAYER_P95_MS && f.playerErrors === 0)} (p95 < ${PLAYER_P95_MS} ms)` }),
    row('change -> game-progress on the other phones', f.progress.delays, { lost: f.progress.lost, budget: `${verdict(percentile(sorted(f.progress.delays), 95) < PROGRESS_EVENT_P95_MS && f.progress.lost === 0)} (p95 < ${PROGRESS_EVENT_P95_MS} ms)` }),
    row('POST /api/game-progress changes (reply)', f.changes, { errors: changeErrorCount(f) }),
  ]);
  console.table(report.cpu.map((c) => ({ process: c.process, 'CPU (of one core)': c.cpu, 'RSS peak': c.rssPeak })));
  const notes = [
    `control room query reply: ${(f.roomBytes / 1024).toFixed(0)} KB (${f.teams} teams and the feed's newest lines), ${(f.roomWireBytes / 1024).toFixed(0)} KB as sent`,
    `the control room's counts after the run are what the bench did for ${f.matching}/${f.teams} teams${f.mismatches.length ? `: ${f.mismatches.slice(0, 3).join('; ')}` : ''}`,
    `control room socket received ${f.received.team} event:team of ${f.expected.team}, ${f.received.feed} event:feed of ${f.expected.feed} and ${f.received.positions} positions of ${f.expected.positions} (in ${f.received.positionMessages} event:positions) expected by the end (late ones included)`,
    `pushes to the phones besides their progress, per phone per second: ${pushNames(f)}`,
    `socket drops during the run: ${f.drops}; positions and samples sent over ${LATE_MS} ms late (load generator behind): ${f.late}; load generator event-loop delay p99 ${f.loadLoopP99.toFixed(1)} ms`,
    `the machine's CPU during the play, of one core: ${Object.entries(f.playCpu.byGroup).map(([group, share]) => `${group} ${(share * 100).toFixed(0)}%`).join(', ')}; idle ${(f.playCpu.idle * 100).toFixed(0)}% of all ${os.cpus().length} CPUs`,
    `turns started over ${LATE_MS} ms late (the team's previous turn still waiting for the server): ${f.turnsLate}`,
  ];
  if (Object.keys(f.changeErrors).length) notes.push(`HTTP change errors by status: ${JSON.stringify(f.changeErrors)}`);
  if (report.crashed.length) notes.push(`CRASHED: ${report.crashed.join(', ')}`);
  const complaints = report.complaints.map((c) => `${c.count} x ${c.cause}`);
  notes.push(`server warnings/errors logged: ${report.complaints.reduce((n, c) => n + c.count, 0)}${complaints.length ? `\n      ${complaints.slice(0, 6).join('\n      ')}` : ''}`);
  console.log(notes.map((n) => `  ${n}`).join('\n'));
}

async function main() {
  if (process.env.BENCH_EVENTS === '0') {
    console.log('Events bench left out (BENCH_EVENTS=0); `npm run bench:events` runs it alone.');
    return;
  }
  await preflight();
  const load = os.loadavg();
  console.log(
    `Live events: ${KNOBS.runs.join(', ')}; ${KNOBS.teams} teams of ${KNOBS.phones} phones, ${KNOBS.seconds} s. Load average at start ` +
      `${load.map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs (the load generator, PostgreSQL, Redis and the proxy share this machine with the servers).`,
  );
  const reports: Report[] = [];
  for (const [k, kind] of RUNS.entries()) {
    if (!KNOBS.runs.includes(kind)) continue;
    const report = await runOne(kind, k + 1);
    printReport(report);
    reports.push(report);
  }
  // One line per run, for the README's table.
  console.log('\nSummary (teams x processes):');
  console.table(
    reports.map(({ kind, figures: f }) => ({
      teams: f.teams,
      processes: kind === 'one' ? 1 : 2,
      'control room change p95': ms(percentile(controlRoomDelays(f), 95)),
      'control room query p95': ms(percentile(sorted(f.room), 95)),
      'progress to the other phones p95': ms(percentile(sorted(f.progress.delays), 95)),
      lost: controlRoomLost(f) + f.progress.lost,
      'pushes per phone per s': pushesPerPhoneS(f).toFixed(2),
    })),
  );
  const lines = reports.flatMap((report) => verdicts(report).map((v) => `${v.met ? 'met   ' : 'MISSED'}  ${report.label}: ${v.text}`));
  console.log(`\nBudgets (live events; the player's from DESIGN.md section 7):\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
}

runBench(main, { seconds: KNOBS.deadlineS, knob: 'BENCH_EVENT_DEADLINE_S', what: 'events bench' });
