import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '../../db/test-database.ts';
import type { App } from '../../services.ts';
import { buildUser } from '../../test/factories.ts';
import { freePort } from '../../test/server-process.ts';
import { startSmtp, waitFor } from '../../test/smtp-server.ts';
import { postJson } from '../../test/requests.ts';
import { createSmtpMailer } from './create-mailer.ts';

const signupBody = (email: string) => ({ firstName: 'Noa', lastName: 'Levi', email, password: 'a-good-password', phone: '052-7654321', language: 'en' });

describe.each(testDatabaseKinds())('the mail queue on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The whole app sending through SMTP on `smtpPort` (nothing need listen there yet), retrying after about a second. */
  async function appWithSmtp(smtpPort: number, queue: { retryLimit?: number } = {}): Promise<{ app: App; database: Database }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-mailq-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'mail-queue-secret-mail-queue-secret-01', LOG_LEVEL: 'silent', METRICS_ALLOW: 'loopback' });
    const database = await openTestDatabase(kind);
    const transport = createSmtpMailer(config.mail.from, `smtp://127.0.0.1:${smtpPort}`);
    const app = await buildApp({ config, database, mailer: transport, webDist: null, logger: false, mailQueue: { retryDelaySeconds: 1, pollMs: 200, ...queue } });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await transport.close?.();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { app, database };
  }

  const metric = async (app: App, name: string) => {
    const text = (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };

  it('keeps every mail while the SMTP server refuses connections, and sends each once when it is back', async () => {
    const port = await freePort();
    const { app, database } = await appWithSmtp(port);
    const known = await buildUser(database.db, { language: 'en' });
    const fresh = `queued-${kind}@example.com`;
    expect((await postJson(app, '/api/signup', signupBody(fresh))).statusCode).toBe(200);
    expect((await postJson(app, '/api/reset-password', { email: known.email })).statusCode).toBe(200);
    expect((await postJson(app, '/api/reset-password', { email: 'nobody-at-all@example.com' })).statusCode).toBe(200);

    // Tried and refused: both wait in the queue, and /metrics says so.
    await app.services.mailer.settled();
    await waitFor(async () => (await metric(app, 'streethunt_mail_queue_depth')) === 2, 5_000, 'two waiting mails');
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    await waitFor(() => smtp.received.length >= 2, 20_000, 'the queued mails');
    // A while longer: no second copy of either comes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.received.map((r) => r.to).sort()).toEqual([fresh, known.email].sort());
    expect(smtp.received.find((r) => r.to === fresh)?.mail.subject).toMatch(/confirm/i);
    expect(smtp.received.find((r) => r.to === known.email)?.mail.subject).toMatch(/reset/i);
    expect(await metric(app, 'streethunt_mail_queue_depth')).toBe(0);
    expect(await metric(app, 'streethunt_mail_failed')).toBe(0);
  }, 60_000);

  it('sends a message queued twice under one key once', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const { app } = await appWithSmtp(smtp.port);
    const message = { to: 'buyer@example.com', subject: 'Your code', html: '<p>ABC</p>', text: 'ABC', language: 'en' as const };
    await app.services.mailer.send(message, { key: 'purchase-code:1' });
    await app.services.mailer.send(message, { key: 'purchase-code:1' });
    await app.services.mailer.send({ ...message, subject: 'Another' }, { key: 'purchase-code:2' });
    await app.services.mailer.settled();
    expect(smtp.received.map((r) => r.mail.subject).sort()).toEqual(['Another', 'Your code']);
  });

  it('counts a mail that used up its retries as failed in /metrics', async () => {
    const { app } = await appWithSmtp(await freePort(), { retryLimit: 0 });
    await app.services.mailer.send({ to: 'x@example.com', subject: 'Lost', html: '<p>x</p>', text: 'x', language: 'en' });
    await app.services.mailer.settled();
    expect(await metric(app, 'streethunt_mail_failed')).toBe(1);
    expect(await metric(app, 'streethunt_mail_queue_depth')).toBe(0);
  });

  it('sends at most 5 account emails of one kind to one address an hour, whoever asks, and counts the rest', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const { app, database } = await appWithSmtp(smtp.port);
    const user = await buildUser(database.db, { language: 'en' });
    for (let i = 0; i < 7; i += 1) {
      // Each from another client address: the route's own per-client limit does not bite.
      expect((await postJson(app, '/api/reset-password', { email: user.email })).statusCode).toBe(200);
      await app.services.mailer.settled();
    }
    expect(smtp.received.filter((r) => r.to === user.email)).toHaveLength(5);
    expect(await metric(app, 'streethunt_mail_dropped')).toBe(2);
    // Another kind to the same address still goes.
    expect((await postJson(app, '/api/signup', signupBody(user.email))).statusCode).toBe(200);
    await app.services.mailer.settled();
    expect(smtp.received.filter((r) => r.to === user.email)).toHaveLength(6);
  });
});
