/**
 * Part of `npm run bench` (alone: `npx tsx apps/server/bench/attack.ts`), a benchmark, not a test.
 *
 * Can one account stall everyone? A player asks for their play's progress (get-game-progress) at a
 * steady rate, first alone, then while four attacking accounts send, two at a time each, the costliest
 * requests there are: a save of a game that does not exist with 1 MB of text nested 33,000 deep; a save
 * of their own draft with 1 MB of text as busy as the limits allow (it is cleaned on a worker thread);
 * their own game of 100 questions of 666 answers read back; the busy game imported as a new one.
 * Budget: the player's p95 under 100 ms, with zero errors, under attack.
 *
 * The server runs in a child process (bench/server.ts), as in production with its rate limits on; every
 * wait is bounded and the whole run has a deadline. BENCH_ATTACK_SECONDS sets the length of each half
 * (20); BENCH_ATTACK_ONLY=0..3 sends only one of the four requests (to find which one costs);
 * BENCH_CPU_PROF=dir profiles the server.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { GAME_EXPORT_FORMAT, GAME_EXPORT_VERSION } from '@streethunt/shared';
import { gameContent } from '../src/test/factories.ts';
import { nextMessage } from './child-messages.ts';
import type { FromServer, ToServer } from './server.ts';

const ATTACK_S = Number(process.env.BENCH_ATTACK_SECONDS ?? 20);
const ATTACKERS = 4;
const IN_FLIGHT_PER_ATTACKER = 2;
/** The player's requests a second (a phone polls far less; this gives a few hundred samples). */
const PLAYER_RATE = 20;
const MAX_P95_MS = 100;
const DEADLINE_MS = (ATTACK_S * 2 + 180) * 1000;
const REQUEST_TIMEOUT_MS = 15_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

let clients = 0;
/** Each player request from its own address (X-Forwarded-For, trusted here), so no per-address limit refuses the measure. */
const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

type PlayerFigures = { requests: number; errors: number; p50: number; p95: number; max: number };

/** get-game-progress every 1/PLAYER_RATE s for `seconds`, on a fixed schedule (a slow reply does not slow the schedule). */
async function measurePlayer(appUrl: string, body: string, seconds: number): Promise<PlayerFigures> {
  const times: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < seconds * PLAYER_RATE; i += 1) {
    const due = start + (i * 1000) / PLAYER_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      (async () => {
        const sent = performance.now();
        try {
          const res = await fetch(`${appUrl}/api/game-progress`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
            body,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          await res.arrayBuffer();
          if (!res.ok) errors += 1;
        } catch {
          errors += 1;
        }
        times.push(performance.now() - sent);
      })(),
    );
  }
  await Promise.all(pending);
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: times.length, errors, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN };
}

/** Text as busy as the save allows in one field: 4,900 elements (the cap is 5,000). */
const BUSY_FIELD = '<i>x</i>'.repeat(4_900);

/** A game of about 1 MB of busy text over 25 fields: what costs the most to clean and still passes the save's checks. */
function busyGame() {
  const base = gameContent();
  const questions = Array.from({ length: 23 }, () => ({ ...base.questions[0], content: BUSY_FIELD }));
  return { ...base, metadata: { ...base.metadata, price: 45 }, introPage: { content: BUSY_FIELD }, questions, gameoverPage: { content: BUSY_FIELD, hideGameSummary: false } };
}

type Attacker = { token: string; draftId: string; heavyGameId: string };

/** One attacking account for `seconds`: the four costly requests in turn, IN_FLIGHT_PER_ATTACKER at a time. Returns the replies by status. */
async function attack(appUrl: string, attacker: Attacker, seconds: number): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const deep = JSON.stringify({ ...gameContent(), metadata: { ...gameContent().metadata, price: 45 }, introPage: { content: '<b>'.repeat(33_000) }, version: 1 });
  const busy = busyGame();
  const importBody = JSON.stringify({ format: GAME_EXPORT_FORMAT, version: GAME_EXPORT_VERSION, exportedAt: new Date().toISOString(), game: busy });
  let version = 1;
  const headers = { 'content-type': 'application/json', 'x-access-token': attacker.token, 'x-forwarded-for': nextClient() };
  const requests = [
    () => ({ url: `/api/games/0000000000000000000000${String(clients % 100).padStart(2, '0')}`, method: 'POST', body: deep }),
    () => ({ url: `/api/games/${attacker.draftId}`, method: 'POST', body: JSON.stringify({ ...busy, version }) }),
    () => ({ url: `/api/games/${attacker.heavyGameId}`, method: 'GET', body: undefined }),
    () => ({ url: '/api/games/import', method: 'POST', body: importBody }),
  ];
  const end = performance.now() + seconds * 1000;
  let turn = 0;
  const lane = async () => {
    while (performance.now() < end) {
      const request = requests[process.env.BENCH_ATTACK_ONLY ? Number(process.env.BENCH_ATTACK_ONLY) : turn++ % requests.length]();
      try {
        const res = await fetch(`${appUrl}${request.url}`, {
          method: request.method,
          headers: request.body ? headers : { 'x-access-token': attacker.token, 'x-forwarded-for': headers['x-forwarded-for'] },
          body: request.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        if (res.ok && request.url === `/api/games/${attacker.draftId}`) version = (JSON.parse(text) as { data: { version: number } }).data.version;
        if (res.status === 409) version = (JSON.parse(text) as { version?: number }).version ?? version;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        statuses.failed = (statuses.failed ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT_PER_ATTACKER }, lane));
  return statuses;
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`The attack check did not finish in ${DEADLINE_MS / 1000} s; stopping.`);
    process.exit(1);
  }, DEADLINE_MS);
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_PLAYS: '1', BENCH_ATTACKERS: String(ATTACKERS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = (await nextMessage<FromServer>(child, (m) => m.type === 'ready', 120_000, "'ready' from the server process")) as Extract<FromServer, { type: 'ready' }>;
    const { appUrl, demo, attackers } = ready;
    const json = { 'content-type': 'application/json' };
    const start = await fetch(`${appUrl}/api/game-progress`, { method: 'POST', headers: json, body: JSON.stringify({ action: 'set-start-time', gameId: demo.gameId, secretCode: demo.code }) });
    if (!start.ok) throw new Error(`set-start-time: ${start.status} ${await start.text()}`);
    const progressBody = JSON.stringify({ action: 'get-game-progress', gameId: demo.gameId, secretCode: demo.code });

    console.log(`\nOne account cannot stall everyone: a player's get-game-progress, ${PLAYER_RATE} a second for ${ATTACK_S} s, alone and under attack`);
    const calm = await measurePlayer(appUrl, progressBody, ATTACK_S);
    const [underAttack, ...attacked] = await Promise.all([measurePlayer(appUrl, progressBody, ATTACK_S), ...attackers.map((a) => attack(appUrl, a, ATTACK_S))]);
    const line = (name: string, f: PlayerFigures) =>
      `  ${name.padEnd(14)} ${String(f.requests).padStart(4)} requests, ${f.errors} errors, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`;
    console.log(line('no attack', calm));
    console.log(line('under attack', underAttack));
    const replies: Record<string, number> = {};
    for (const statuses of attacked) for (const [status, n] of Object.entries(statuses)) replies[status] = (replies[status] ?? 0) + n;
    console.log(`  the attackers' replies by status: ${Object.entries(replies).map(([status, n]) => `${status}: ${n}`).join(', ')}`);
    const met = underAttack.p95 < MAX_P95_MS && underAttack.errors === 0;
    console.log(`${met ? 'met   ' : 'MISSED'}  get-game-progress under attack: p95 ${underAttack.p95.toFixed(1)} ms, ${underAttack.errors} errors (budget p95 < ${MAX_P95_MS} ms, 0 errors)`);
    process.exitCode = met ? 0 : 1;
  } finally {
    clearTimeout(deadline);
    child.send({ type: 'stop' } satisfies ToServer);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
