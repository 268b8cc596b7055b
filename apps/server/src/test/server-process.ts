import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server (src/main.ts) in a process of its own, for the tests of several processes and of faults. */
export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** What it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Waits until its output matches (a log line), or fails after `timeoutMs` showing the output. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The process has exited: its exit code or signal. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 15 s; removes its DATA_DIR. */
  stop(): Promise<void>;
};

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now: the kernel picks one for port 0, we release it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') return reject(new Error('no probe port'));
      probe.close(() => resolve(address.port));
    });
  });
}

/**
 * Starts `src/main.ts` through tsx on a free port with its own DATA_DIR and waits for `/readyz` (or,
 * with `waitReady: false`, only for it to start). Whatever the calling shell set is not passed on but
 * for PATH and `env`; `env` names the database, Redis and the rest. `nodeArgs` go to node itself
 * (`--cpu-prof` is refused in NODE_OPTIONS).
 */
export async function startServerProcess(env: Record<string, string>, options: { waitReady?: boolean; port?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-process-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', GEOCODER_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let running = true;
  void exit.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      if (!(await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]))) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const waitForOutput = async (pattern: RegExp, timeoutMs = 10_000) => {
    const started = Date.now();
    while (!pattern.test(output)) {
      if (Date.now() - started > timeoutMs) throw new Error(`no output matching ${pattern} within ${timeoutMs} ms. Output:\n${output}`);
      await sleep(50);
    }
  };

  const started = Date.now();
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`the server exited before it was ready. Output:\n${output}`);
    }
    try {
      const response = await fetch(`${url}${options.waitReady === false ? '/healthz' : '/readyz'}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`the server was not ready within 60 s. Output:\n${output}`);
    }
    await sleep(100);
  }
  return { url, port, child, output: () => output, waitForOutput, exited: () => exit, stop };
}
