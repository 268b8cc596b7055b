import { eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  buildStatement,
  payoutDueDate,
  PAYOUT_MINIMUM,
  type MonthFigures,
  type PayoutDueRow,
  type PayoutEntry,
  type RecordPayoutRequest,
} from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { payoutDetails, payouts, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { earningsByMonth } from '../reports/earnings.ts';

export type PayoutsDeps = { db: Db };

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
