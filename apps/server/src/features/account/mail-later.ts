import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** Where a failed background send is reported; the request's logger fits. */
export type MailLog = Pick<FastifyBaseLogger, 'error'>;

// Keyed by mailer (one per app), so an app waits only for its own mail when it closes.
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Runs `task` (look the user up, issue a token, send the mail) once the current request has been
 * answered, so the reply takes the same time whether or not an email exists or a mail goes out.
 * A failure is logged, never thrown.
 */
export function sendMailLater(mailer: Mailer, log: MailLog, task: () => Promise<void>): void {
  const pending = inFlight.get(mailer) ?? new Set<Promise<void>>();
  inFlight.set(mailer, pending);
  // setImmediate: after the reply that is being written in this turn of the event loop.
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => {
      // The kind of failure only: a mail or database error's message can hold the address.
      const { name, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { name: typeof error, code: undefined };
      log.error({ mailError: { name, code: typeof code === 'string' ? code : undefined } }, 'account mail not sent');
    })
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every mail started so far through this mailer has been sent or has failed. */
export async function mailSettled(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.all(pending);
}

/** How many mails started through this mailer are still waiting to go out (the metrics' mail queue). */
export function pendingMailCount(mailer: Mailer): number {
  return inFlight.get(mailer)?.size ?? 0;
}
