import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { RefundKind, RefundState } from '@streethunt/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { purchases, refunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { failureKind, type MailQueue } from '../../platform/mail/mail-queue.ts';
import { RefundRefused, type PaymentProvider, type RefundReport } from '../../platform/payments/provider.ts';

/*
 * The money of a refunded purchase goes back through the provider the purchase was paid with. The
 * purchase reads `refunded` (its code stopped) the moment the refund is decided, in the same
 * transaction as its `refunds` row; the provider is then asked at once, and when it does not take the
 * refund, the job queue (the mail queue's pg-boss, job kind REFUND_JOB) asks again with backoff, up to
 * MAX_ATTEMPTS calls in all, after which the refund reads `failed` and the admin repays it from the
 * provider's dashboard. Each call carries the refund's id as its idempotency key.
 */

export type ProviderRefundDeps = {
  db: Db;
  mailer: MailQueue;
  provider: PaymentProvider;
  config: Pick<Config, 'refundRetrySeconds'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
};

const REFUND_JOB = 'provider-refund';
/** Calls to the provider, the first included, before a refund is left to the admin as failed. */
export const MAX_ATTEMPTS = 8;
/** How long one process holds a refund while it asks the provider (longer than any provider's timeout). */
const LEASE_MS = 2 * 60_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Records the refund of a purchase, in the transaction that marks it refunded. The unique purchase_id
 * refuses a second refund of one purchase even if two requests passed their checks at once.
 */
export async function recordRefund(
  tx: Tx | Db,
  input: { purchaseId: string; kind: RefundKind; amount: number; currency: string; provider: string; requestedBy: string | null },
): Promise<string> {
  const [row] = await tx.insert(refunds).values(input).onConflictDoNothing().returning({ id: refunds.id });
  if (!row) throw conflict('This purchase was refunded already', 'already_refunded');
  return row.id;
}

/**
 * Asks the provider for a recorded refund, now, and queues the job that asks again if need be (queued
 * first, to start after the retry delay: a process that stops mid-call leaves the job to finish it).
 */
export async function startProviderRefund(deps: ProviderRefundDeps, refundId: string): Promise<RefundState> {
  const timing = { startAfterSeconds: deps.config.refundRetrySeconds, retryDelaySeconds: deps.config.refundRetrySeconds };
  // Not queued (the database did not answer): the call below may still pay it back; the log says which refund to look at.
  await deps.mailer
    .enqueue(REFUND_JOB, { refundId }, { key: `refund:${refundId}`, ...timing })
    .catch((error: unknown) => deps.log.error({ refundId, refundError: failureKind(error) }, 'could not queue the retry of a provider refund'));
  return payBack(deps, refundId);
}

/** The queue's worker: a refund still pending is asked for again; a throw puts the job back to retry later. */
export function registerRefundJob(deps: ProviderRefundDeps): void {
  deps.mailer.handle(REFUND_JOB, async ({ refundId }) => {
    const state = await payBack(deps, String(refundId));
    // Pending: the provider did not take it (or another process is asking it right now): later.
    if (state === 'pending') throw new Error('refund not yet taken by the provider');
    return null;
  });
}

/**
 * One call to the provider for a pending refund, by whichever process holds it (a lease, so two never
 * call at once). Answers the refund's state after it: pending means it is to be asked again.
 */
export async function payBack(deps: ProviderRefundDeps, refundId: string, now = new Date()): Promise<RefundState> {
  const [held] = await deps.db
    .update(refunds)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), or(isNull(refunds.lockedUntil), lt(refunds.lockedUntil, now))))
    .returning();
  if (!held) {
    const [row] = await deps.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    return row?.status ?? 'failed';
  }
  const [purchase] = await deps.db.select({ providerRef: purchases.providerRef }).from(purchases).where(eq(purchases.id, held.purchaseId));
  const { provider } = deps;
  try {
    // Paid with a provider this server no longer runs (PAYMENT_PROVIDER changed): only its dashboard can repay it.
    if (held.provider !== provider.name) throw new RefundRefused(`paid through ${held.provider}, not ${provider.name}`);
    if (!purchase?.providerRef) throw new RefundRefused('the purchase names no payment at its provider');
    const result = await provider.refund({ refundId, purchaseId: held.purchaseId, providerRef: purchase.providerRef, amount: held.amount, currency: held.currency });
    // A notification may have settled it meanwhile (Stripe's refund.updated can beat the answer): done stays done.
    const [after] = await deps.db
      .update(refunds)
      .set({
        status: sql`case when ${refunds.status} = 'done' then 'done' else ${result.status} end`,
        providerRef: sql`coalesce(${refunds.providerRef}, ${result.providerRef})`,
        providerPaymentRef: sql`coalesce(${refunds.providerPaymentRef}, ${result.paymentRef})`,
        ...(result.status === 'done' && { doneAt: sql`coalesce(${refunds.doneAt}, ${now.toISOString()}::timestamptz)` }),
        lockedUntil: null,
        lastError: null,
      })
      .where(eq(refunds.id, refundId))
      .returning({ status: refunds.status });
    deps.log.info({ refundId, purchaseId: held.purchaseId, provider: provider.name, status: after?.status }, 'the provider took a refund');
    return after?.status ?? result.status;
  } catch (error) {
    const givenUp = error instanceof RefundRefused || held.attempts >= MAX_ATTEMPTS;
    const kind = failureKind(error);
    await deps.db
      .update(refunds)
      .set({ status: givenUp ? 'failed' : 'pending', lastError: kind.code ? `${kind.name} ${kind.code}` : kind.name, lockedUntil: null })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    // Never the error's message: a provider's may name the buyer.
    deps.log.error(
      { refundId, purchaseId: held.purchaseId, provider: provider.name, attempt: held.attempts, refundError: kind, ...(error instanceof RefundRefused && { refused: error.message }) },
      givenUp ? 'a refund the provider did not take is left to the admin (failed)' : 'the provider did not take a refund: it is tried again later',
    );
    return givenUp ? 'failed' : 'pending';
  }
}

/**
 * A provider's signed word about a refund (Stripe's refund.* or charge.refunded events): it must be
 * about a refund we asked for (our id carried back, its refund id, or the payment it refunded), or it
 * is refused and logged. Done marks it done; failed leaves it to the admin.
 */
export async function takeRefundReport(
  deps: Pick<ProviderRefundDeps, 'db' | 'provider'> & { log: Pick<FastifyBaseLogger, 'error' | 'warn'> },
  report: RefundReport,
): Promise<'refunded' | 'refund_failed' | 'refund_pending'> {
  const { provider } = deps;
  const matches = [
    report.refundId ? eq(refunds.id, report.refundId) : undefined,
    report.providerRef ? eq(refunds.providerRef, report.providerRef) : undefined,
    report.paymentRef ? eq(refunds.providerPaymentRef, report.paymentRef) : undefined,
  ].filter((m) => m !== undefined);
  const [row] = matches.length > 0 ? await deps.db.select().from(refunds).where(and(eq(refunds.provider, provider.name), or(...matches))) : [];
  const named = { refundId: report.refundId, providerRef: report.providerRef, paymentRef: report.paymentRef, status: report.status };
  if (!row || (row.providerRef && report.providerRef && row.providerRef !== report.providerRef)) {
    deps.log.warn({ provider: provider.name, refund: named }, 'refused a refund notification that matches no refund we asked for');
    throw notFound('No such refund');
  }
  const now = new Date();
  const ref = { providerRef: sql`coalesce(${refunds.providerRef}, ${report.providerRef})`, lockedUntil: null };
  if (report.status === 'done') {
    await deps.db
      .update(refunds)
      .set({ ...ref, status: 'done', doneAt: sql`coalesce(${refunds.doneAt}, ${now.toISOString()}::timestamptz)`, lastError: null })
      .where(eq(refunds.id, row.id));
    return 'refunded';
  }
  if (report.status === 'failed') {
    await deps.db.update(refunds).set({ ...ref, status: 'failed', lastError: 'provider reported failed' }).where(and(eq(refunds.id, row.id), sql`${refunds.status} <> 'done'`));
    deps.log.error({ provider: provider.name, refundId: row.id, purchaseId: row.purchaseId }, 'the provider reports a refund failed: it is left to the admin');
    return 'refund_failed';
  }
  await deps.db.update(refunds).set({ ...ref, status: 'sent' }).where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')));
  return 'refund_pending';
}
