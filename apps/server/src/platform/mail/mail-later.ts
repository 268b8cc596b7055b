import type { FastifyBaseLogger } from 'fastify';
import { failureKind } from './mail-queue.ts';

/** Where a failure to queue a mail is reported; the request's logger fits. */
export type MailLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * Runs `task` (look the recipients up, write the message, queue it) before the request is answered,
 * so the mail is in the database, and survives a restart, by the time the caller hears back; the
 * queue (./mail-queue.ts) then sends it, with retries. A failure to queue is logged, never thrown: what
 * the request changed stands. Calls whose reply time must not tell whether an account exists
 * (signup, resend, reset) queue one job either way instead, and its worker looks the user up.
 */
export async function queueMail(log: MailLog, task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    log.error({ mailError: failureKind(error) }, 'mail not queued');
  }
}
