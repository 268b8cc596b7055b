import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { buildApp, type AppDeps } from '../app.ts';
import type { App } from '../services.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase, type TestDatabaseKind } from '../db/test-database.ts';
import { linesInto } from './log-lines.ts';
import { createOutboxMailer } from '../platform/mail/create-mailer.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

export type ReadMail = { to: string; subject: string; html: string; text: string; language: string | undefined };

export type TestApp = {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  /** Every message the app sent, parsed back from the real outbox files, oldest first, once the mail queue has sent what it holds. */
  readOutbox(): Promise<ReadMail[]>;
  close(): Promise<void>;
};

/** The whole app on its own fresh database and outbox; each test file builds its own. */
export async function buildTestApp(
  options: {
    kind?: TestDatabaseKind;
    env?: Record<string, string>;
    webDist?: string;
    /** Wraps the outbox transport behind the mail queue (a slow or failing mail server). */
    transport?: (outbox: Mailer) => Mailer;
    /** Keeps the app's log lines here (at the LOG_LEVEL `env` gives: silent unless said). */
    logLines?: string[];
    /** What runs once a play ends, in place of the feedback invitation. */
    onPlayFinished?: AppDeps['onPlayFinished'];
    /** A payment provider in place of the one PAYMENT_PROVIDER names (a fake, to test the payments seam). */
    payments?: AppDeps['payments'];
    /** The job queue's timing (a retry test waits seconds, not minutes). */
    mailQueue?: AppDeps['mailQueue'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    // Tests never reach the internet; places tests start a local Nominatim-like server.
    GEOCODER_URL: 'off',
    ...options.env,
  });
  const database = await openTestDatabase(options.kind ?? 'pglite');
  const outboxDir = path.join(dataDir, 'outbox');
  const outbox = createOutboxMailer(config.mail.from, outboxDir);
  const mailer = options.transport ? options.transport(outbox) : outbox;
  const app = await buildApp({
    config,
    database,
    mailer,
    webDist: options.webDist ?? null,
    ...(options.logLines ? { logStream: linesInto(options.logLines) } : { logger: false }),
    onPlayFinished: options.onPlayFinished,
    payments: options.payments,
    mailQueue: options.mailQueue,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async readOutbox() {
      await app.services.mailer.settled();
      const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(
        names.map(async (name) => {
          const mail = await simpleParser(await readFile(path.join(outboxDir, name)));
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          return {
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            language: mail.headers.get('content-language') as string | undefined,
          };
        }),
      );
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
