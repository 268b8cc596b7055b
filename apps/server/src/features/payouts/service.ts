import { and, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  buildStatement,
  payoutDueDate,
  PAYOUT_MINIMUM,
  refundQuote,
  type AdminPurchase,
  type MonthFigures,
  type PayoutDueRow,
  type PayoutEntry,
  type RecordPayoutRequest,
} from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games, payoutDetails, payouts, purchases, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { queueMail, type MailLog } from '../account/mail-later.ts';
import { forgetGameCode } from '../codes/service.ts';
import { earningsByMonth } from '../finance/earnings.ts';
import { refundEmail } from './emails.ts';

export type PayoutsDeps = { db: Db; mailer: Mailer };


/**
 * GET /api/payouts?month=: what each builder and affiliate is owed for `month` (paid at the end of the
 * following month), from every month before it too (a balance under 100 ILS rolls over; an unpaid one
 * stays owed), with their bank details. Only users with something this month: earned, due, paid or owed.
 */
export async function payoutsDue(deps: PayoutsDeps, month: string): Promise<{ month: string; dueDate: string; payoutMinimum: number; rows: PayoutDueRow[] }> {
  const earned = await earningsByMonth(deps.db, { upTo: month });
  const paid = await deps.db
    .select({ userId: payouts.userId, period: payouts.period, amount: sql<number>`sum(${payouts.amount})::int` })
    .from(payouts)
    .where(lte(payouts.period, month))
    .groupBy(payouts.userId, payouts.period);

  const figures = new Map<string, MonthFigures[]>();
  const add = (userId: string, row: MonthFigures) => figures.set(userId, [...(figures.get(userId) ?? []), row]);
  for (const row of earned) add(row.userId, { month: row.month, earned: row.builder + row.affiliate, paid: 0 });
  for (const row of paid) add(row.userId, { month: row.period, earned: 0, paid: Number(row.amount) });

  const lines: Omit<PayoutDueRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'bank'>[] = [];
  for (const [userId, months] of figures) {
    const statement = buildStatement(months, month).find((row) => row.month === month);
    if (!statement || (statement.due === 0 && statement.paid === 0 && statement.balance === 0)) continue;
    const thisMonth = earned.find((row) => row.userId === userId && row.month === month);
    lines.push({
      userId,
      builderEarned: thisMonth?.builder ?? 0,
      affiliateEarned: thisMonth?.affiliate ?? 0,
      carriedIn: statement.carriedIn,
      due: statement.due,
      payable: statement.payable,
      rolledOver: statement.rolledOver,
      paid: statement.paid,
      balance: statement.balance,
    });
  }
  if (lines.length === 0) return { month, dueDate: payoutDueDate(month), payoutMinimum: PAYOUT_MINIMUM, rows: [] };

  const people = await deps.db
    .select({ user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone }, bank: payoutDetails })
    .from(users)
    .leftJoin(payoutDetails, eq(payoutDetails.userId, users.id))
    .where(sql`${users.id} in ${lines.map((line) => line.userId)}`);
  const byId = new Map(people.map((person) => [person.user.id, person]));
  const rows = lines
    .map((line): PayoutDueRow => {
      const person = byId.get(line.userId);
      const bank = person?.bank;
      return {
        ...line,
        firstName: person?.user.firstName ?? '',
        lastName: person?.user.lastName ?? '',
        email: person?.user.email ?? '',
        phone: person?.user.phone ?? '',
        bank: bank
          ? {
              accountHolder: bank.accountHolder,
              idNumber: bank.idNumber,
              bankName: bank.bankName,
              bankNumber: bank.bankNumber,
              branchNumber: bank.branchNumber,
              accountNumber: bank.accountNumber,
            }
          : null,
      };
    })
    // Who is to be paid first, then the largest amounts.
    .sort((a, b) => b.payable - a.payable || b.balance - a.balance || a.email.localeCompare(b.email));
  return { month, dueDate: payoutDueDate(month), payoutMinimum: PAYOUT_MINIMUM, rows };
}

const recorder = alias(users, 'recorder');
const entryColumns = {
  id: payouts.id,
  userId: payouts.userId,
  period: payouts.period,
  amount: payouts.amount,
  kind: payouts.kind,
  correctsId: payouts.correctsId,
  reference: payouts.reference,
  note: payouts.note,
  createdAt: payouts.createdAt,
  recorderId: recorder.id,
  recorderFirst: recorder.firstName,
  recorderLast: recorder.lastName,
};
const selectEntries = (db: Db) => db.select(entryColumns).from(payouts).innerJoin(recorder, eq(recorder.id, payouts.recordedBy));
type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const toEntry = (row: EntryRow): PayoutEntry => ({
  _id: row.id,
  userId: row.userId,
  period: row.period,
  amount: row.amount,
  kind: row.kind,
  correctsId: row.correctsId,
  reference: row.reference,
  note: row.note,
  recordedBy: { _id: row.recorderId, firstName: row.recorderFirst, lastName: row.recorderLast },
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/payouts/entries?month=: the ledger's entries for a month, in the order they were recorded. */
export async function payoutEntries(deps: PayoutsDeps, month: string): Promise<PayoutEntry[]> {
  const rows = await selectEntries(deps.db).where(eq(payouts.period, month)).orderBy(payouts.createdAt, payouts.id);
  return rows.map(toEntry);
}

/**
 * POST /api/payouts: records money paid (never changed afterwards: the table's trigger refuses it). A
 * correction names the entry it corrects, of the same user and month.
 */
export async function recordPayout(deps: PayoutsDeps, adminId: string, input: Required<Pick<RecordPayoutRequest, 'userId' | 'period' | 'amount'>> & { reference: string; note: string; correctsId?: string }): Promise<PayoutEntry> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound('No such user');
  if (input.correctsId) {
    const [corrected] = await deps.db.select({ userId: payouts.userId, period: payouts.period }).from(payouts).where(eq(payouts.id, input.correctsId));
    if (!corrected) throw notFound('No such payout to correct');
    if (corrected.userId !== input.userId || corrected.period !== input.period) throw badRequest('A correction is of the same user and month as the payout it corrects');
  } else if (input.amount < 0) {
    throw badRequest('A negative amount is a correction: name the payout it corrects (correctsId)');
  }
  const [inserted] = await deps.db
    .insert(payouts)
    .values({
      userId: input.userId,
      period: input.period,
      amount: input.amount,
      kind: input.correctsId ? 'correction' : 'payout',
      correctsId: input.correctsId ?? null,
      reference: input.reference,
      note: input.note,
      recordedBy: adminId,
    })
    .returning({ id: payouts.id });
  const [row] = await selectEntries(deps.db).where(eq(payouts.id, inserted.id));
  return toEntry(row);
}

const purchaseColumns = {
  id: purchases.id,
  gameId: purchases.gameId,
  gameName: sql<string>`coalesce(${games.metadata}->>'name', '')`,
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
};

const selectPurchases = (db: Db) =>
  db.select(purchaseColumns).from(purchases).innerJoin(games, eq(games.id, purchases.gameId)).leftJoin(gameCodes, eq(gameCodes.purchaseId, purchases.id));
type PurchaseRow = Awaited<ReturnType<typeof selectPurchases>>[number];

function toAdminPurchase(row: PurchaseRow, now: Date): AdminPurchase {
  // Used: a play started with the code, or the code once read the game's questions (refunds are for unused purchases).
  const codeActivated = row.activatedAt !== null || row.openedAt !== null;
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
    codeActivated,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundAmount: row.refundAmount,
    refund,
  };
}


/** `%`, `_` and `\` typed are searched for, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/purchases?q=: the 50 latest paid or refunded purchases, searched by buyer, email, code or id. */
export async function listPurchases(deps: PayoutsDeps, q: string | undefined, now = new Date()): Promise<AdminPurchase[]> {
  const settled = or(eq(purchases.status, 'paid'), eq(purchases.status, 'refunded'));
  let where: SQL | undefined = settled;
  if (q) {
    const like = `%${escapeLike(q)}%`;
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
export async function refundPurchase(deps: PayoutsDeps, adminId: string, purchaseId: string, log: MailLog, now = new Date()): Promise<AdminPurchase> {
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
    await tx
      .update(purchases)
      .set({ status: 'refunded', refundedAt: now, refundAmount: quote.refund, refundedBy: adminId })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')));
    return { row, quote };
  });
  const { row, quote } = done;
  if (row.code) forgetGameCode(deps.db, { gameId: row.gameId, code: row.code });
  const [purchase] = await deps.db.select({ language: purchases.language }).from(purchases).where(eq(purchases.id, purchaseId));
  await queueMail(log, () =>
    deps.mailer.send({
      to: row.email,
      ...refundEmail({ fullName: row.fullName, gameName: row.gameName, code: row.code ?? '', refund: quote.refund, kept: quote.kept, language: purchase?.language ?? 'he' }),
    }),
  );
  const [after] = await selectPurchases(deps.db).where(eq(purchases.id, purchaseId));
  return toAdminPurchase(after, now);
}
