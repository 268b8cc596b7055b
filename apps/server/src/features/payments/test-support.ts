import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { gameCodes, purchases } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabaseKind } from '../../db/test-database.ts';
import { createOutboxMailer } from '../../platform/mail/create-mailer.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { sandboxPageRoutes } from './routes.ts';

/**
 * buildTestApp, plus the sandbox payment page at the root. app.ts is to register sandboxPageRoutes
 * itself; until it does, the test app registers it here (and skips that once app.ts does).
 */
export async function buildPaymentsTestApp(options: { kind?: TestDatabaseKind; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'streethunt-payments-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = await openTestDatabase(options.kind ?? 'pglite');
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = createOutboxMailer(config.mail.from, outboxDir);
  let app: App;
  try {
    app = await buildApp({ config, database, mailer, webDist: null, logger: false });
    if (!app.hasRoute({ method: 'GET', url: '/sandbox-pay/:ref' })) await app.register(sandboxPageRoutes);
    await app.ready();
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    db: database.db,
    config,
    async readOutbox() {
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

let clients = 0;

/** A new client address per call, so rate limits only bite where a test means them to. */
export function nextIp(): string {
  clients += 1;
  return `172.${16 + ((clients >> 16) & 15)}.${(clients >> 8) & 255}.${clients & 255}`;
}

type CallOptions = { ip?: string; headers?: Record<string, string> };

export function postJson(app: App, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body as object, headers: options.headers ?? {}, remoteAddress: options.ip ?? nextIp() });
}

/** A body sent as it is, with its content type (malformed JSON, forms). */
export function postRaw(app: App, url: string, payload: string, contentType: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...options.headers },
    remoteAddress: options.ip ?? nextIp(),
  });
}

export function getPage(app: App, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: options.headers ?? {}, remoteAddress: options.ip ?? nextIp() });
}

/** Sends the sandbox page's card form the way a browser does. */
export function postCardForm(
  app: App,
  pagePath: string,
  form: Record<string, string>,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return postRaw(app, pagePath, new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded', options);
}

/** An expiry a few years ahead, as MM/YY. */
export const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;
export const SUCCEEDING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: FUTURE_EXPIRY, cvc: '123' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: FUTURE_EXPIRY, cvc: '123' };

export const buyer = (overrides: Record<string, unknown> = {}) => ({ fullName: 'Maya Cohen', email: 'maya@example.com', phone: '052-7654321', ...overrides });

/** The path of the payment page a get-url reply points to, and its reference. */
export function paymentPage(reply: LightMyRequestResponse): { path: string; ref: string } {
  const url = new URL((reply.json() as { data: { URL: string } }).data.URL);
  return { path: url.pathname, ref: url.pathname.split('/').at(-1) ?? '' };
}

/** What buying stores, in a stable order, to prove a refused call changed nothing. */
export async function paymentTables(db: Db) {
  return {
    purchases: await db.select().from(purchases).orderBy(purchases.id),
    gameCodes: await db.select().from(gameCodes).orderBy(gameCodes.id),
  };
}
