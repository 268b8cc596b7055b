import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../db/test-database.ts';
import { freePort, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { startSmtp, waitFor } from '../../test/smtp-server.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signup = (server: ServerProcess, email: string) =>
  fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Tal', lastName: 'Bar', email, password: 'a-good-password', phone: '052-7654321', language: 'en' }),
  });

/** Real server processes (src/main.ts) sending through a real SMTP server. */
describe('the mail queue across server processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('sends the mail of a request whose process was killed before it could send, once it runs again', async () => {
    const smtpPort = await freePort();
    // The database outlives the process: PGlite in a data directory on disk, or a PostgreSQL database.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-killed-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let database: Record<string, string> = {};
    if (databaseUrl) {
      const scratch = await createScratchDatabase();
      cleanups.push(scratch.drop);
      database = { DATABASE_URL: scratch.url };
    }
    const env = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...database };

    // Nothing listens on the SMTP port yet: the send fails, and the process is killed before a retry.
    const first = await startServerProcess(env);
    cleanups.push(first.stop);
    expect((await signup(first, 'killed-before-send@example.com')).status).toBe(200);
    await first.waitForOutput(/mail not sent/);
    first.child.kill('SIGKILL');
    expect((await first.exited()).signal).toBe('SIGKILL');

    const smtp = await startSmtp(smtpPort);
    cleanups.push(smtp.close);
    const second = await startServerProcess(env);
    cleanups.push(second.stop);
    await waitFor(() => smtp.received.length > 0, 30_000, 'the mail of the killed process');
    await sleep(1_500);
    expect(smtp.received.map((r) => r.to)).toEqual(['killed-before-send@example.com']);
    expect(smtp.received[0].mail.subject).toMatch(/confirm/i);
  }, 90_000);

  it.skipIf(!databaseUrl)('sends each mail once when two processes on one PostgreSQL race for it (needs TEST_DATABASE_URL)', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    const smtpPort = await freePort();
    const env = { DATABASE_URL: scratch.url, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    cleanups.push(a.stop, b.stop);

    // Queued while the mail server is away, so both processes find the jobs due at the same moments.
    const emails = Array.from({ length: 6 }, (_, i) => `race-${i}@example.com`);
    for (const [i, email] of emails.entries()) expect((await signup(i % 2 ? a : b, email)).status).toBe(200);
    await a.waitForOutput(/mail not sent/);
    await b.waitForOutput(/mail not sent/).catch(() => undefined);

    const smtp = await startSmtp(smtpPort);
    cleanups.push(smtp.close);
    await waitFor(() => smtp.received.length >= emails.length, 40_000, 'every mail');
    await sleep(2_000);
    expect(smtp.received.map((r) => r.to).sort()).toEqual([...emails].sort());
  }, 90_000);
});
