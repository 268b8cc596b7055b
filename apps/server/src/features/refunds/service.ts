import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { cancellationQuote, refundDeadline, refundQuote, type AdminPurchase, type OwnPurchase, type CancelPurchaseReply, type RefundKind, type RefundState } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { eventTeams, events, gameCodes, games, plays, purchases, refunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { purchaseIdOfCancelToken, purchaseIdOfToken } from '../payments/success-token.ts';
import { recordRefund, startProviderRefund, type ProviderRefundDeps } from './provider-refund.ts';
import { forgetGameCode } from '../codes/service.ts';
import { forgetEventTeams } from '../events/team-of-code.ts';
import { refundEmail } from './emails.ts';
import { gameNameSql } from '../../db/game-name.ts';

export type RefundsDeps = ProviderRefundDeps & { config: Pick<Config, 'refundRetrySeconds' | 'jwtSecret'> };

const purchaseColumns = {
  id: purchases.id,
  gameId: purchases.gameId,
  gameName: gameNameSql,
  fullName: purchases.fullName,
  email: purchases.email,
  amount: purchases.amount,
  currency: purchases.currency,
  provider: purchases.provider,
  language: purchases.language,
  status: purchases.status,
  paidAt: purchases.paidAt,
  refundedAt: purchases.refundedAt,
  refundAmount: purchases.refundAmount,
  code: gameCodes.code,
  activatedAt: gameCodes.activatedAt,
  openedAt: gameCodes.openedAt,
  // An event bought for many teams: used once any team's code is.
  eventId: events.id,
  eventName: events.name,
  teamCount: events.teamCount,
  // The money's way back through the provider (provider-refund.ts), once refunded.
  refundState: refunds.status,
  refundKind: refunds.kind,
  providerRefundAmount: refunds.amount,
  refundAttempts: refunds.attempts,
  providerRefundRef: refunds.providerRef,
  trialBought: sql<boolean>`${purchases.trialCodeId} is not null`,
  paidQuestionBegun: paidQuestionBegun(gameCodes.id),
  eventCodeUsed: sql<boolean>`exists (select 1 from ${eventTeams} join ${gameCodes} as used on used.id = ${eventTeams.codeId} where ${eventTeams.eventId} = ${events.id} and (used.activated_at is not null or used.opened_at is not null))`,
};

const selectPurchases = (db: Db) =>
  db
    .select(purchaseColumns)
    .from(purchases)
    .innerJoin(games, eq(games.id, purchases.gameId))
    .leftJoin(gameCodes, eq(gameCodes.purchaseId, purchases.id))
    .leftJoin(events, eq(events.purchaseId, purchases.id))
    .leftJoin(refunds, eq(refunds.purchaseId, purchases.id));
type PurchaseRow = Awaited<ReturnType<typeof selectPurchases>>[number];

/**
 * Whether the play of a code bought from a trial began a question past the game's free ones (DESIGN.md
 * section 15): the trial played those before the purchase, so only a paid question counts as using it.
 */
function paidQuestionBegun(code: typeof gameCodes.id) {
  return sql<boolean>`coalesce((select count(*) from ${plays} p, jsonb_each(p.states) e where p.code_id = ${code} and e.value->>'status' is not null) > (select coalesce((g.metadata->>'freeQuestions')::int, 0) from ${games} g where g.id = ${gameCodes.gameId}), false)`;
}

/**
 * Used: a play started with the code (any team's, for an event), or the code once read the game's
 * questions; for a code bought from a trial, a paid question begun (it was played before it was bought).
 */
const codeUsed = (row: PurchaseRow) =>
  row.trialBought ? row.paidQuestionBegun === true : row.activatedAt !== null || row.openedAt !== null || row.eventCodeUsed === true;

/**
 * Used, for the buyer's cancellation (DESIGN.md section 15): a paid question begun. Opening the game
 * with the code, as the payment page's way back to the game does, is not using it. An event's codes
 * are its teams': used once any team's is.
 */
const usedForCancellation = (row: PurchaseRow) => (row.eventId !== null ? row.eventCodeUsed === true : row.paidQuestionBegun === true);

function toAdminPurchase(row: PurchaseRow, now: Date): AdminPurchase {
  // Refunds are for unused purchases.
  const codeActivated = codeUsed(row);
  const refund: AdminPurchase['refund'] =
    row.status !== 'paid' || !row.paidAt
      ? { ok: false, reason: 'not_paid' }
      : refundQuote({ price: row.amount, paidAt: row.paidAt, now, codeActivated });
  return {
    _id: row.id,
    gameId: row.gameId,
    gameName: row.gameName,
    fullName: row.fullName,
    email: row.email,
    amount: row.amount,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    code: row.code,
    ...(row.eventId !== null && { eventId: row.eventId }),
    codeActivated,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundAmount: row.refundAmount,
    ...(row.refundState !== null &&
      row.refundKind !== null &&
      row.providerRefundAmount !== null && {
        providerRefund: { status: row.refundState, kind: row.refundKind, amount: row.providerRefundAmount, attempts: row.refundAttempts ?? 0, providerRef: row.providerRefundRef },
      }),
    refund,
  };
}

/** GET /api/purchases?q=: the 50 latest paid or refunded purchases, searched by buyer, email, code or id. */
export async function listPurchases(deps: RefundsDeps, q: string | undefined, now = new Date()): Promise<AdminPurchase[]> {
  const settled = or(eq(purchases.status, 'paid'), eq(purchases.status, 'refunded'));
  let where: SQL | undefined = settled;
  if (q) {
    const like = containing(q);
    where = and(settled, or(ilike(purchases.email, like), ilike(purchases.fullName, like), eq(gameCodes.code, q.toUpperCase()), eq(purchases.id, q)));
  }
  const rows = await selectPurchases(deps.db).where(where).orderBy(desc(purchases.paidAt), desc(purchases.id)).limit(50);
  return rows.map((row) => toAdminPurchase(row, now));
}

const REFUSALS: Record<string, string> = {
  code_used: 'The code was already used to play: an unused purchase only can be refunded',
  too_late: 'More than 14 days have passed since the purchase',
  free: 'A free game has nothing to refund',
  nothing_to_refund: 'The cancellation fee keeps the whole price: there is nothing to refund',
  not_paid: 'Only a paid purchase can be refunded',
};

/**
 * Stops what a purchase bought, in the refund's transaction: its code, or every team's code of its
 * event (and ends the event), each only if still unused, neither played nor its questions read: a
 * play starting or a read at the same moment wins, and the refund is refused. Answers the event's codes.
 */
async function stopCodes(tx: Tx, row: PurchaseRow, kind: RefundKind, now: Date): Promise<string[]> {
  const unused = sql`${gameCodes.activatedAt} is null and ${gameCodes.openedAt} is null`;
  // A code bought from a trial was played on its free questions, and a cancelled one may have been
  // opened: either stops unless a paid question was begun meanwhile (checked again here; a change racing
  // this statement on the play's own lock may still land).
  const stoppable = row.trialBought || kind === 'cancellation' ? sql`not ${paidQuestionBegun(gameCodes.id)}` : unused;
  if (row.code) {
    const [disabled] = await tx
      .update(gameCodes)
      .set({ disabledAt: now })
      .where(and(eq(gameCodes.purchaseId, row.id), stoppable))
      .returning({ id: gameCodes.id });
    if (!disabled) throw conflict(REFUSALS.code_used, 'code_used');
  }
  if (!row.eventId) return [];
  // Every team's code: one used, no refund.
  const teamCodes = tx.select({ id: eventTeams.codeId }).from(eventTeams).where(eq(eventTeams.eventId, row.eventId));
  const disabled = await tx
    .update(gameCodes)
    .set({ disabledAt: now })
    .where(and(inArray(gameCodes.id, teamCodes), unused))
    .returning({ code: gameCodes.code });
  if (disabled.length !== row.teamCount) throw conflict(REFUSALS.code_used, 'code_used');
  await tx.update(events).set({ endedAt: now }).where(and(eq(events.id, row.eventId), isNull(events.endedAt)));
  return disabled.map((code) => code.code);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One refund, decided: in one transaction the purchase is locked and judged (`judge` throws a refusal),
 * its codes stop, it reads refunded with the amount back, and its refund is recorded for the provider
 * (provider-refund.ts). Then its codes stop on this process at once, the buyer is emailed, and the
 * provider is asked to pay the money back (retried by the job queue when it does not take it).
 */
async function settleRefund(
  deps: RefundsDeps,
  input: { purchaseId: string; kind: RefundKind; requestedBy: string | null; log: MailLog; now: Date },
  judge: (row: PurchaseRow) => { refund: number; kept: number },
): Promise<{ row: PurchaseRow; refundState: RefundState }> {
  const { purchaseId, now } = input;
  const { row, quote, eventCodes, refundId } = await deps.db.transaction(async (tx) => {
    const [locked] = await selectPurchases(tx).where(eq(purchases.id, purchaseId)).for('update', { of: purchases });
    if (!locked) throw notFound('No such purchase');
    const judged = judge(locked);
    const codes = await stopCodes(tx, locked, input.kind, now);
    const [marked] = await tx
      .update(purchases)
      .set({ status: 'refunded', refundedAt: now, refundAmount: judged.refund, refundedBy: input.requestedBy })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')))
      .returning({ id: purchases.id });
    if (!marked) throw conflict('This purchase was refunded already', 'already_refunded');
    const id = await recordRefund(tx, { purchaseId, kind: input.kind, amount: judged.refund, currency: locked.currency, provider: locked.provider, requestedBy: input.requestedBy });
    return { row: locked, quote: judged, eventCodes: codes, refundId: id };
  });
  for (const code of row.code ? [row.code] : eventCodes) forgetGameCode(deps.db, { gameId: row.gameId, code });
  // The event ended with the refund: its teams' phones are refused from now on, on every process.
  if (row.eventId) forgetEventTeams(deps.db, row.eventId);
  await queueMail(input.log, () =>
    deps.mailer.send({
      to: row.email,
      ...refundEmail({
        fullName: row.fullName,
        gameName: row.gameName,
        code: row.code ?? '',
        ...(row.eventName !== null && { event: { name: row.eventName, teamCount: row.teamCount ?? eventCodes.length } }),
        refund: quote.refund,
        kept: quote.kept,
        cancelled: input.kind === 'cancellation',
        language: row.language,
      }),
    }),
  );
  // Recorded already: a provider that fails now, or a process that stops, leaves the queue's job to finish it.
  const refundState = await startProviderRefund(deps, refundId).catch((error: unknown) => {
    deps.log.error({ err: error, refundId, purchaseId }, 'could not start a provider refund: the job queue tries it');
    return 'pending' as const;
  });
  return { row, refundState };
}

/**
 * POST /api/purchases/{id}/refund: an unused purchase within 14 days (shared refundQuote), the fee
 * kept; the rest goes back through the provider the purchase was paid with.
 */
export async function refundPurchase(deps: RefundsDeps, adminId: string, purchaseId: string, log: MailLog, now = new Date()): Promise<AdminPurchase> {
  await settleRefund(deps, { purchaseId, kind: 'admin', requestedBy: adminId, log, now }, (row) => {
    if (row.status === 'refunded') throw conflict('This purchase was refunded already', 'already_refunded');
    const quote = toAdminPurchase(row, now).refund;
    if (!quote.ok) throw conflict(REFUSALS[quote.reason] ?? 'This purchase cannot be refunded', quote.reason === 'code_used' || quote.reason === 'too_late' ? quote.reason : 'conflict');
    return quote;
  });
  const [after] = await selectPurchases(deps.db).where(eq(purchases.id, purchaseId));
  return toAdminPurchase(after, now);
}

/** Who asks to cancel: the signed-in caller (the buyer, when it is them) and the token sent, either or both. */
export type CancelCaller = { userId: string | null; token: string | undefined };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether the caller may cancel this purchase: signed in as its buyer, or with the payment page's
 * token (signed, or the sandbox's page reference) or the receipt email's cancel link's token.
 */
function mayCancel(deps: RefundsDeps, caller: CancelCaller, purchase: { id: string; buyerId: string | null; provider: string; providerRef: string | null }): boolean {
  if (caller.userId && purchase.buyerId === caller.userId) return true;
  const { token } = caller;
  if (!token) return false;
  const secret = deps.config.jwtSecret;
  if (purchaseIdOfToken(secret, token) === purchase.id || purchaseIdOfCancelToken(secret, token) === purchase.id) return true;
  return purchase.provider === 'sandbox' && purchase.providerRef !== null && sameText(token, purchase.providerRef);
}

const CANCEL_REFUSALS = {
  code_used: 'A paid question was started with this purchase’s code: it can no longer be cancelled',
  too_late: 'More than 14 days have passed since the purchase: it can no longer be cancelled',
  free: 'A free game has nothing to cancel',
} as const;

/**
 * POST /api/purchases/{id}/cancel (DESIGN.md section 15): the buyer cancels a distance sale within 14
 * days while no paid question was started, and the whole amount goes back through the provider. Anyone
 * else, or a wrong token, is told there is no such purchase.
 */
export async function cancelPurchase(deps: RefundsDeps, caller: CancelCaller, purchaseId: string, log: MailLog, now = new Date()): Promise<CancelPurchaseReply['data']> {
  const [owner] = await deps.db
    .select({ id: purchases.id, buyerId: purchases.buyerId, provider: purchases.provider, providerRef: purchases.providerRef })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!owner || !mayCancel(deps, caller, owner)) throw notFound('No such purchase');
  const { row, refundState } = await settleRefund(deps, { purchaseId, kind: 'cancellation', requestedBy: caller.userId && caller.userId === owner.buyerId ? caller.userId : null, log, now }, (locked) => {
    if (locked.status === 'refunded') throw conflict('This purchase was cancelled or refunded already', 'already_refunded');
    if (locked.status !== 'paid' || !locked.paidAt) throw conflict('Only a paid purchase can be cancelled', 'not_paid');
    const quote = cancellationQuote({ price: locked.amount, paidAt: locked.paidAt, now, codeUsed: usedForCancellation(locked) });
    if (!quote.ok) throw conflict(CANCEL_REFUSALS[quote.reason], quote.reason === 'free' ? 'not_paid' : quote.reason);
    return { refund: quote.refund, kept: 0 };
  });
  return { _id: row.id, status: 'refunded', refundAmount: row.amount, refundedAt: now.toISOString(), refundState };
}

/**
 * What the payment success page says of cancelling a paid purchase: whether it can be cancelled now
 * and until when (refundDeadline). Nothing for a purchase that is not paid.
 */
export async function purchaseCancellation(db: Db, purchaseId: string, now = new Date()): Promise<{ purchaseId: string; cancellable: boolean; cancelBefore?: string }> {
  const [row] = await selectPurchases(db).where(eq(purchases.id, purchaseId));
  if (row?.status !== 'paid' || !row.paidAt) return { purchaseId, cancellable: false };
  const quote = cancellationQuote({ price: row.amount, paidAt: row.paidAt, now, codeUsed: usedForCancellation(row) });
  return { purchaseId, cancellable: quote.ok, cancelBefore: refundDeadline(row.paidAt).toISOString() };
}

/**
 * GET /api/account/purchases: the signed-in buyer's paid and refunded purchases, the 50 newest, each with
 * whether it may still be cancelled (the same rule as POST /api/purchases/{id}/cancel) and until when.
 */
export async function listOwnPurchases(db: Db, userId: string, now = new Date()): Promise<OwnPurchase[]> {
  const settled = or(eq(purchases.status, 'paid'), eq(purchases.status, 'refunded'));
  const rows = await selectPurchases(db)
    .where(and(eq(purchases.buyerId, userId), settled))
    .orderBy(desc(purchases.paidAt), desc(purchases.id))
    .limit(50);
  return rows.map((row) => {
    const open = row.status === 'paid' && row.paidAt !== null && cancellationQuote({ price: row.amount, paidAt: row.paidAt, now, codeUsed: usedForCancellation(row) }).ok;
    return {
      _id: row.id,
      gameId: row.gameId,
      gameName: row.gameName,
      amount: row.amount,
      status: row.status === 'refunded' ? 'refunded' : 'paid',
      paidAt: row.paidAt?.toISOString() ?? null,
      code: row.code,
      ...(row.eventId !== null && { eventId: row.eventId }),
      refundAmount: row.refundAmount,
      cancellable: open,
      cancelBefore: row.paidAt ? refundDeadline(row.paidAt).toISOString() : null,
    };
  });
}
