import type { FastifyBaseLogger } from 'fastify';
import { failureKind, type MailQueue } from '../../platform/mail/mail-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** Where a failure to queue a mail after the reply is reported; the request's logger fits. */
export type MailLog = Pick<FastifyBaseLogger, 'error'>;

// Keyed by queue (one per app), so an app waits only for its own mail when it closes.
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Runs `task` (look the recipients up, write the message, queue it) once the current request has been
 * answered, so the reply takes the same time whatever the task finds. The queue (platform/mail) then
 * sends it, with retries. A failure to queue is logged, never thrown. `mailer` is the app's queue
 * (services.mailer).
 */
export function sendMailLater(mailer: Mailer, log: MailLog, task: () => Promise<void>): void {
  const pending = inFlight.get(mailer) ?? new Set<Promise<void>>();
  inFlight.set(mailer, pending);
  // setImmediate: after the reply that is being written in this turn of the event loop.
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error({ mailError: failureKind(error) }, 'mail not queued'))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/**
 * Runs `task` (look the recipients up, write the message, queue it) before the request is answered,
 * so the mail is in the database, and survives a restart, by the time the caller hears back; the
 * queue (platform/mail) then sends it, with retries. A failure to queue is logged, never thrown: what
 * the request changed stands. (sendMailLater is for replies whose time must not depend on the task.)
 */
export async function queueMail(log: MailLog, task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    log.error({ mailError: failureKind(error) }, 'mail not queued');
  }
}

/** Resolves once every task started so far through this queue has queued its mail (or failed to). */
export async function inMemoryMailSettled(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.all(pending);
}

/** Resolves once every mail started so far has been queued, and every job ready now sent, dropped or put back to retry. */
export async function mailSettled(mailer: MailQueue): Promise<void> {
  await inMemoryMailSettled(mailer);
  await mailer.settled();
}
