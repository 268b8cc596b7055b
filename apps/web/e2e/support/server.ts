import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { repoRoot } from './paths.ts';

/** One email the server wrote to its outbox (MAIL_TRANSPORT=outbox, the default). */
type OutboxMail = { file: string; to: string; subject: string; html: string; text: string };

export type TestServer = {
  /** http://127.0.0.1:{port}, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  /** Every message in the outbox, oldest first. */
  readOutbox(): Promise<OutboxMail[]>;
  /** The first message (oldest first) that matches, waiting for it to arrive. */
  waitForMail(predicate: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>;
  /** What the server printed so far (stdout and stderr interleaved). */
  output(): string;
  stop(): Promise<void>;
};

const STARTUP_TIMEOUT_MS = 60_000;

/** A port nobody listens on right now: the kernel picks one for port 0, we release it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the real server (`apps/server/src/main.ts` through tsx, from the repo root) on a free port
 * with a fresh embedded database in a temp DATA_DIR and demo data seeded. `env` adds or overrides
 * variables, e.g. `{ PRODUCTION_HOSTS: '127.0.0.1' }`.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-e2e-'));

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // Whatever the calling shell has set must not point the test server at a shared database or secret.
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'MAIL_TRANSPORT', 'SMTP_URL', 'APP_ENV', 'PRODUCTION_HOSTS', 'BARE_DOMAIN', 'GEOCODER_URL']) {
    delete childEnv[key];
  }
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Browser tests never reach the internet; the places test starts a local Nominatim-like server.
    GEOCODER_URL: 'off',
    ...env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitInfo: string | null = null;
  // If the test worker goes away without calling stop() (a crash, a timed-out hook), take the server along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', (code, signal) => {
    exitInfo = `exited with ${signal ?? `code ${code}`}`;
    process.off('exit', killOnExit);
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (exitInfo) {
      await stop();
      throw new Error(`The server ${exitInfo} before answering ${url}/api/public-config. Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/public-config`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > STARTUP_TIMEOUT_MS) {
      await stop();
      throw new Error(`The server did not answer ${url}/api/public-config within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${output}`);
    }
    await sleep(200);
  }

  const outboxDir = path.join(dataDir, 'outbox');
  const readOutbox = async (): Promise<OutboxMail[]> => {
    let names: string[];
    try {
      names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    } catch {
      return []; // nothing sent yet: the mailer makes the folder on the first message
    }
    // File names start with an ISO timestamp, so name order is sending order.
    names.sort();
    return Promise.all(
      names.map(async (name) => {
        const parsed = await simpleParser(await readFile(path.join(outboxDir, name)));
        return {
          file: name,
          to: addressText(parsed.to),
          subject: parsed.subject ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          text: parsed.text ?? '',
        };
      }),
    );
  };

  const waitForMail = async (predicate: (mail: OutboxMail) => boolean, timeoutMs = 10_000): Promise<OutboxMail> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await readOutbox();
      const found = mails.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = mails.map((m) => `  to ${m.to}: ${m.subject}`).join('\n') || '  (outbox empty)';
        throw new Error(`No matching email within ${timeoutMs} ms. The outbox holds:\n${seen}`);
      }
      await sleep(150);
    }
  };

  return { url, dataDir, readOutbox, waitForMail, output: () => output, stop };
}
