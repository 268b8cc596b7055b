import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { refundQuote, type AdminPurchase } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { eventTeams, events, gameCodes, games, purchases } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { queueMail, type MailLog } from '../../platform/mail/mail-later.ts';
import { forgetGameCode } from '../codes/service.ts';
import { forgetEventTeams } from '../events/team-of-code.ts';
import { refundEmail } from './emails.ts';
import { gameNameSql } from '../../db/game-name.ts';

export type RefundsDeps = { db: Db; mailer: Mailer };

const purchaseColumns = {
  id: purchases.id,
  gameId: purchases.gameId,
  gameName: gameNameSql,
  fullName: purchases.fullName,
  email: purchases.email,
  amount: purchases.amount,
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
  eventCodeUsed: sql<boolean>`exists (select 1 from ${eventTeams} join ${gameCodes} as used on used.id = ${eventTeams.codeId} where ${eventTeams.eventId} = ${events.id} and (used.activated_at is not null or used.opened_at is not null))`,
};

const selectPurchases = (db: Db) =>
  db
    .select(purchaseColumns)
    .from(purchases)
    .innerJoin(games, eq(games.id, purchases.gameId))
    .leftJoin(gameCodes, eq(gameCodes.purchaseId, purchases.id))
    .leftJoin(events, eq(events.purchaseId, purchases.id));
type PurchaseRow = Awaited<ReturnType<typeof selectPurchases>>[number];

function toAdminPurchase(row: PurchaseRow, now: Date): AdminPurchase {
  // Used: a play started with the code, or the code once read the game's questions (refunds are for unused purchases).
  const codeActivated = row.activatedAt !== null || row.openedAt !== null || row.eventCodeUsed === true;
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
 * POST /api/purchases/{id}/refund: an unused purchase within 14 days (shared refundQuote). In one
 * transaction the code is disabled (only if still unused, neither played nor its questions read: a
 * play starting or a read at the same moment wins) and
 * the purchase becomes refunded with the amount back; then the code stops on this process at once and
 * the buyer is emailed. The money goes back through the provider's own dashboard (not yet by its API).
 */
export async function refundPurchase(deps: RefundsDeps, adminId: string, purchaseId: string, log: MailLog, now = new Date()): Promise<AdminPurchase> {
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await selectPurchases(tx).where(eq(purchases.id, purchaseId)).for('update', { of: purchases });
    if (!row) throw notFound('No such purchase');
    const quote = toAdminPurchase(row, now).refund;
    if (!quote.ok) throw conflict(REFUSALS[quote.reason] ?? 'This purchase cannot be refunded');
    if (row.code) {
      const [disabled] = await tx
        .update(gameCodes)
        .set({ disabledAt: now })
        .where(and(eq(gameCodes.purchaseId, purchaseId), sql`${gameCodes.activatedAt} is null and ${gameCodes.openedAt} is null`))
        .returning({ id: gameCodes.id });
      if (!disabled) throw conflict(REFUSALS.code_used);
    }
    let eventCodes: string[] = [];
    if (row.eventId) {
      // Every team's code, each only if still unused (a play starting at the same moment wins): one used, no refund.
      const teamCodes = tx.select({ id: eventTeams.codeId }).from(eventTeams).where(eq(eventTeams.eventId, row.eventId));
      const disabled = await tx
        .update(gameCodes)
        .set({ disabledAt: now })
        .where(and(inArray(gameCodes.id, teamCodes), sql`${gameCodes.activatedAt} is null and ${gameCodes.openedAt} is null`))
        .returning({ code: gameCodes.code });
      if (disabled.length !== row.teamCount) throw conflict(REFUSALS.code_used);
      eventCodes = disabled.map((code) => code.code);
      await tx.update(events).set({ endedAt: now }).where(and(eq(events.id, row.eventId), isNull(events.endedAt)));
    }
    await tx
      .update(purchases)
      .set({ status: 'refunded', refundedAt: now, refundAmount: quote.refund, refundedBy: adminId })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')));
    return { row, quote, eventCodes };
  });
  const { row, quote, eventCodes } = done;
  for (const code of row.code ? [row.code] : eventCodes) forgetGameCode(deps.db, { gameId: row.gameId, code });
  // The event ended with the refund: its teams' phones are refused from now on, on every process.
  if (row.eventId) forgetEventTeams(deps.db, row.eventId);
  const [purchase] = await deps.db.select({ language: purchases.language }).from(purchases).where(eq(purchases.id, purchaseId));
  await queueMail(log, () =>
    deps.mailer.send({
      to: row.email,
      ...refundEmail({
        fullName: row.fullName,
        gameName: row.gameName,
        code: row.code ?? '',
        ...(row.eventName !== null && { event: { name: row.eventName, teamCount: row.teamCount ?? eventCodes.length } }),
        refund: quote.refund,
        kept: quote.kept,
        language: purchase?.language ?? 'he',
      }),
    }),
  );
  const [after] = await selectPurchases(deps.db).where(eq(purchases.id, purchaseId));
  return toAdminPurchase(after, now);
}
