/**
 * What the benches of the real server (src/main.ts on the local PostgreSQL, and Redis for several
 * processes: bench/soak.ts, bench/events.ts) share: knobs read from the environment, a preflight of
 * the services, a scratch database and a Redis key prefix of the run's own, the server processes and
 * the round-robin proxy, and everything undone at the end (also on error, Ctrl-C or the deadline).
 * The phones' side too: one keep-alive HTTP connection each, a socket watching its play.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type Agent as HttpAgent } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { WATCH_EVENT, type WatchAck } from '@streethunt/shared';
import { startServerProcess, type ServerProcess } from '../src/test/server-process.ts';
import { nextMessage } from './child-messages.ts';
import type { ParentToProxy, ProxyStats, ProxyToParent } from './local-proxy.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A setting or a service to fix before the bench can run: printed without a stack trace. */
export class BenchSetupError extends Error {}

/** A whole-number knob from the environment, or its default. */
export function knob(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new BenchSetupError(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((part / whole) * 100).toFixed(2)}%`);

// ---------------------------------------------------------------------------------------------------
// What to undo at the end, on error, on Ctrl-C or at the deadline: last registered, first undone.

const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];

/** Registers an undo; the function returned runs it now (and forgets it). */
export function onCleanup(what: string, run: () => Promise<unknown>) {
  const entry = { what, run };
  cleanups.push(entry);
  return async () => {
    cleanups.splice(cleanups.indexOf(entry), 1);
    await run();
  };
}

export async function cleanUpAll() {
  while (cleanups.length) {
    const { what, run } = cleanups.pop()!;
    await Promise.race([run(), sleep(20_000)]).catch((error: unknown) => console.error(`cleanup (${what}) failed:`, error));
  }
}

/**
 * Runs a bench's main: a deadline (cleans up, then exits 1) and Ctrl-C (cleans up, exits 130); at the
 * end exits 0, or 1 after an error (a setup error said plainly, anything else with its stack).
 */
export function runBench(main: () => Promise<void>, deadline: { seconds: number; knob: string; what: string }): void {
  const timer = setTimeout(() => {
    console.error(`\nThe ${deadline.what} did not finish in ${deadline.seconds} s (${deadline.knob}); cleaning up and stopping.`);
    void cleanUpAll().finally(() => process.exit(1));
  }, deadline.seconds * 1000);
  process.once('SIGINT', () => {
    console.error('\nInterrupted; cleaning up.');
    void cleanUpAll().finally(() => process.exit(130));
  });
  main().then(
    async () => {
      clearTimeout(timer);
      await cleanUpAll();
      process.exit(process.exitCode ?? 0);
    },
    async (error: unknown) => {
      console.error(error instanceof BenchSetupError ? `\n${error.message}` : error);
      await cleanUpAll();
      process.exit(1);
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Preflight: refuse clearly, before starting anything, what cannot work.

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export function assertLoopback(knobName: string, url: string): void {
  if (!LOOPBACK.test(new URL(url).hostname)) throw new BenchSetupError(`${knobName} must be on this machine (loopback): ${url}`);
}

export async function checkPostgres(url: string, knobName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new BenchSetupError(`PostgreSQL at ${url} (${knobName}) does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(url: string, knobName: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5_000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new BenchSetupError(`Redis at ${url} (${knobName}) does not answer: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------------
// Database, Redis, servers, proxy.

/** A new, empty database on the PostgreSQL server of `serverUrl`, dropped at cleanup (as src/db/test-database.ts does for tests). */
export async function scratchDatabase(serverUrl: string, label: string): Promise<string> {
  const name = `streethunt_${label}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  onCleanup(`drop database ${name}`, async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A Redis key prefix of the run's own; its keys are deleted at cleanup. */
export function redisPrefix(redisUrl: string, label: string): string {
  const prefix = `streethunt-${label}-${randomBytes(4).toString('hex')}:`;
  onCleanup(`delete Redis keys ${prefix}*`, async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  });
  return prefix;
}

/** The servers' signing secret: a bench signs its own access tokens with it. */
export const BENCH_JWT_SECRET = 'soak-secret-soak-secret-soak-secret-0123';

/**
 * `count` server processes on the database (and Redis) `env` names, as in production behind a proxy
 * (TRUST_PROXY=1: each client's X-Forwarded-For is its address); stopped at cleanup. `nodeArgs`: e.g.
 * `--cpu-prof`, whose profile is written when the process stops.
 */
export async function startServers(count: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess[]> {
  // All at once, as behind a load balancer: the migration lock lets one migrate (already done by the seed).
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServerProcess({ LOG_LEVEL: 'warn', TRUST_PROXY: '1', JWT_SECRET: BENCH_JWT_SECRET, ...env }, { nodeArgs })),
  );
  for (const server of servers) onCleanup(`stop server ${server.port}`, () => server.stop());
  return servers;
}

/** A bench/ script in a child process of its own (through tsx), stopped at cleanup. */
export function forkTs(file: string, env: Record<string, string> = {}): ChildProcess {
  const child = fork(path.join(here, file), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill();
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5_000)]);
  };
  onCleanup(`stop ${file} (${child.pid})`, stop);
  return child;
}

/** The round-robin TCP proxy (bench/local-proxy.ts) in front of the given ports, in a process of its own. */
export async function startProxyProcess(backendPorts: number[]) {
  const child = forkTs('local-proxy.ts', { LOCAL_PROXY_BACKENDS: backendPorts.join(',') });
  const { port } = (await nextMessage<ProxyToParent>(child, (m) => m.type === 'ready', 30_000, 'the proxy')) as Extract<ProxyToParent, { type: 'ready' }>;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stats(): Promise<ProxyStats> {
      child.send({ type: 'stats' } satisfies ParentToProxy);
      return ((await nextMessage<ProxyToParent>(child, (m) => m.type === 'stats', 5_000, 'the proxy stats')) as Extract<ProxyToParent, { type: 'stats' }>).stats;
    },
  };
}

/** The server's warnings and errors (pino JSON lines at level 40 and over): none is expected. */
export function serverComplaints(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":\s*(40|50|60)/.test(line) || /^\s*(Error|TypeError|RangeError)\b/.test(line));
}

// ---------------------------------------------------------------------------------------------------
// The phones' side.

/** `text` is the body as sent, decompressed; `wireBytes` what came over the connection. */
export type HttpReply = { ok: boolean; status: string; ms: number; text: string; wireBytes: number };

const HTTP_TIMEOUT_MS = 10_000;

/**
 * One request on `agent` (a phone keeps one keep-alive connection: behind the proxy, its requests stay
 * on the process its connection went to), timed from sending to the last byte. Never throws: a
 * timeout or a network error comes back as its status.
 */
export async function httpCall(url: URL, options: { agent: HttpAgent; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown }): Promise<HttpReply> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...options.headers, ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) };
  try {
    const { status, body, coding, ms } = await new Promise<{ status: number; body: Buffer; coding: string | undefined; ms: number }>((resolve, reject) => {
      const request = httpRequest(url, { method: options.method ?? 'POST', agent: options.agent, headers, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), coding: response.headers['content-encoding'], ms: performance.now() - started }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
    // Timed when the last byte came: unpacking it is the client's work, not the server's.
    const text = (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString();
    return { ok: status >= 200 && status < 300, status: String(status), ms, text, wireBytes: body.length };
  } catch (error) {
    const name = (error as Error).name === 'AbortError' ? 'timeout' : `network: ${(error as Error).message}`;
    return { ok: false, status: name, ms: performance.now() - started, text: '', wireBytes: 0 };
  }
}

/** A connected websocket-only Socket.IO client (no reconnection) from address `ip`; closed again if it cannot connect. */
export async function openSocket(url: string, ip: string): Promise<Socket> {
  const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, timeout: 10_000, extraHeaders: { 'x-forwarded-for': ip } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.close();
    throw error;
  }
  return socket;
}

/** Has `socket` watch the play of a code (progress:watch); throws when refused. */
export async function watchPlay(socket: Socket, play: { gameId: string; secretCode: string; grant?: string }): Promise<void> {
  const ack = (await socket.timeout(10_000).emitWithAck(WATCH_EVENT, play)) as WatchAck;
  if (!ack?.ok) throw new Error(`watch refused (${JSON.stringify(ack)})`);
}
