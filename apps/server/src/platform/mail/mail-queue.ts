import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailLimit, Mailer, MailMessage, SendOptions } from './mailer.ts';

/** Plain data a job carries (stored as jsonb). */
type JobData = Record<string, string | number | boolean | null>;

/** What a job of some kind becomes when its turn comes: one message, or nothing to send. */
export type Outgoing = { message: MailMessage; limit?: MailLimit } | null;

/**
 * `key`: a job with a key queued already is not queued again. `startAfterSeconds`: not before then.
 * `retryDelaySeconds`: the first retry's wait for this job (doubling from there), in place of the queue's.
 */
type EnqueueOptions = { key?: string; startAfterSeconds?: number; retryDelaySeconds?: number };

/** Turns a job's data into its message at send time (e.g. looks the user up); may throw to retry. */
type JobHandler = (data: JobData) => Promise<Outgoing>;

/**
 * Every email goes out through here: a durable queue in the database (pg-boss), sent by a worker with
 * retries and exponential backoff, once even with several processes (pg-boss fetches with SKIP LOCKED).
 * `send` queues a message already written; `enqueue` queues a kind of job whose handler writes the
 * message when it is sent, so the request that queued it does the same work whatever the database holds.
 * A job kind may also do other work that must be retried until it is done and answer null (no mail):
 * features/refunds pays refunds back through the provider so, with the same retries.
 */
export type MailQueue = Mailer & {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  enqueue(kind: string, data: JobData, options?: EnqueueOptions): Promise<void>;
  /** Registered by the features before the app is ready. */
  handle(kind: string, handler: JobHandler): void;
  /** Starts sending (the app's onReady). */
  start(): void;
  /** Resolves once every job ready now has been sent, dropped or put back to retry later (tests). */
  settled(): Promise<void>;
  /** Waiting (queued or retrying) and failed (out of retries) jobs, and messages dropped by the limit here. */
  counts(): Promise<{ waiting: number; failed: number; dropped: number }>;
  /** Stops the worker once its sends in hand are done; queued jobs wait in the database for the next start. */
  stop(): Promise<void>;
};

export type MailQueueOptions = {
  database: Pick<Database, 'executeSql'>;
  /** The transport: outbox files or SMTP. */
  transport: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Seconds before the first retry; each next one waits about twice as long (10 retries: hours in all). */
  retryDelaySeconds?: number;
  /** Retries after the first try (tests of a failed job set 0). */
  retryLimit?: number;
  /** How often the worker looks for jobs queued by other processes or due for a retry. */
  pollMs?: number;
};

const QUEUE = 'mail';
const MESSAGE = 'message';
const RETRY_LIMIT = 10;
const BATCH = 5;
/** A worker killed mid-send leaves its job active; pg-boss's supervision retries it after this. */
const EXPIRE_SECONDS = 5 * 60;

/** A UUID made from the key: pg-boss inserts a job with an id it holds already as nothing. */
function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(`streethunt-mail:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The kind of failure only: an SMTP or database error's message can hold the address. */
export function failureKind(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const { code } = error as Error & { code?: unknown };
  return { name: error.name, ...(typeof code === 'string' && { code }) };
}

type StoredJob = { kind: string; data: JobData | { message: MailMessage; limit?: MailLimit } };

const START_TRIES = 3;
/** Two hours: the hourly limit counts the sent jobs of the last hour, and a key holds as long as its job is kept. */
const KEEP_SENT_SECONDS = 2 * 60 * 60;
const KEEP_FAILED_SECONDS = 7 * 24 * 60 * 60;

/**
 * pg-boss on the app's own database connection (its `db` adapter, so it runs on PGlite too). Two
 * processes starting at once on a database without pg-boss's schema race to create it, and the loser
 * fails (its IF NOT EXISTS checks do not see the winner's uncommitted work): it finds the schema made
 * on its next try.
 */
async function startBoss(options: MailQueueOptions): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => options.database.executeSql(text, values) },
      // No cron; supervision stays on: it retries a job whose worker died mid-send and archives old jobs.
      schedule: false,
      // A sent message (a feedback link, a game code) stays in the database no longer than the hourly
      // limit and job keys need it; a failed one a week, to be looked at and counted in /metrics.
      archiveCompletedAfterSeconds: KEEP_SENT_SECONDS,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
      deleteAfterMinutes: 1,
    });
    boss.on('error', (error: unknown) => options.log.error({ mailQueueError: failureKind(error) }, 'mail queue error'));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      if (attempt >= START_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Creates the queue (its own partition table) unless it exists. Two processes doing so at once on an
 * empty database can deadlock, and one fails: it finds the queue made on its next try.
 */
async function createQueueOnce(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(QUEUE);
      return;
    } catch (error) {
      if (attempt >= START_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function createMailQueue(options: MailQueueOptions): Promise<MailQueue> {
  const { transport, log } = options;
  const boss = await startBoss(options);
  await createQueueOnce(boss);
  // Set on each job rather than on the queue, which keeps the settings it was first created with.
  const jobOptions = {
    retryLimit: options.retryLimit ?? RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  };

  const handlers = new Map<string, JobHandler>([[MESSAGE, async (data) => data as unknown as Outgoing]]);
  let running = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  /**
   * Sends the message unless its address had its hourly allowance of this kind. The count is of this
   * queue's jobs completed in the last hour with the same kind and address (every process sees them;
   * they are kept two hours before pg-boss archives them).
   */
  async function deliver(outgoing: Outgoing): Promise<{ limitKey: string } | null> {
    if (!outgoing) return null;
    const { message, limit } = outgoing;
    if (!limit) {
      await transport.send(message);
      return null;
    }
    const limitKey = `${limit.kind}:${message.to.toLowerCase()}`;
    const { rows } = await options.database.executeSql(
      `select count(*) as sent from pgboss.job where name = $1 and state = 'completed' and completed_on > now() - interval '1 hour' and output->>'limitKey' = $2`,
      [QUEUE, limitKey],
    );
    if (Number((rows[0] as { sent: string | number } | undefined)?.sent ?? 0) >= limit.perHour) {
      dropped += 1;
      log.warn({ mailDropped: limit.kind }, 'mail dropped: this address had its hourly allowance of this kind');
      return null;
    }
    await transport.send(message);
    return { limitKey };
  }

  async function work(job: PgBoss.Job<StoredJob>): Promise<void> {
    try {
      const handler = handlers.get(job.data.kind);
      if (!handler) throw new Error(`no handler for mail job kind ${job.data.kind}`);
      const sent = await deliver(await handler(job.data.data as JobData));
      await boss.complete(QUEUE, job.id, sent ?? {});
    } catch (error) {
      const kind = failureKind(error);
      // Said once the job is back in the queue: a process that stops after this line loses nothing.
      const putBack = await boss.fail(QUEUE, job.id, kind).then(
        () => true,
        () => false,
      );
      log.error({ mailError: kind, mailKind: job.data.kind }, putBack ? 'mail not sent; it is retried later' : 'mail not sent; it is retried once its job expires');
    }
  }

  async function pump(): Promise<void> {
    while (running) {
      const jobs = await boss.fetch<StoredJob>(QUEUE, { batchSize: BATCH });
      if (jobs.length === 0) return;
      await Promise.all(jobs.map(work));
    }
  }

  function nudge(): void {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump()
      .catch((error: unknown) => log.error({ mailQueueError: failureKind(error) }, 'mail worker failed'))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  }

  async function put(stored: StoredJob, key: string | undefined, timing: Omit<EnqueueOptions, 'key'> = {}): Promise<void> {
    await boss.send(QUEUE, stored, {
      ...jobOptions,
      ...(key && { id: jobIdFor(key) }),
      ...(timing.startAfterSeconds !== undefined && { startAfter: timing.startAfterSeconds }),
      ...(timing.retryDelaySeconds !== undefined && { retryDelay: timing.retryDelaySeconds }),
    });
    // Sent at once when this process is up; else by the next poll of any process.
    setImmediate(nudge);
  }

  return {
    send: (message, sendOptions = {}) => put({ kind: MESSAGE, data: { message, ...(sendOptions.limit && { limit: sendOptions.limit }) } }, sendOptions.key),
    enqueue: (kind, data, { key, ...timing } = {}) => put({ kind, data }, key, timing),
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (running) return;
      running = true;
      timer = setInterval(nudge, options.pollMs ?? 1000);
      timer.unref();
      nudge();
    },
    async settled() {
      nudge();
      while (pumping) await pumping;
    },
    async counts() {
      const { rows } = await options.database.executeSql(
        `select count(*) filter (where state < 'active') as waiting, count(*) filter (where state = 'failed') as failed from pgboss.job where name = $1`,
        [QUEUE],
      );
      const [row] = rows as { waiting: string | number; failed: string | number }[];
      return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0), dropped };
    },
    async stop() {
      running = false;
      clearInterval(timer);
      while (pumping) await pumping;
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
