import { and, eq, sql } from 'drizzle-orm';
import { addMonths, buildStatement, monthOf, monthsBetween, PAYOUT_MINIMUM, type FinanceReport, type MonthFigures } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { games, payouts, purchases, users } from '../../db/schema.ts';
import { verifyPassword } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { EARNING, earningsByMonth, SALE_MONTH } from './earnings.ts';
import type { ReportsGrants } from './reports-grant.ts';
import { gameNameSql } from '../../db/game-name.ts';
import { trialFunnel } from '../trials/service.ts';

export type ReportsDeps = { db: Db; grants: ReportsGrants };

/** How many months a report shows when it is not told. */
const DEFAULT_REPORT_MONTHS = 12;

const wrongPassword = () => new AppError(403, 'wrong_credentials', 'The password is not right');
const grantNeeded = () => new AppError(403, 'invalid_token', 'Enter your password to open the reports');

/** POST /api/reports/unlock: the password again, for a grant of a few minutes (never the session token). */
export async function unlockReports(deps: ReportsDeps, userId: string, password: string): Promise<{ grant: string; expiresAt: string }> {
  const [user] = await deps.db.select({ passwordHash: users.passwordHash, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
  const { grant, expiresAt } = await deps.grants.sign(userId, user.tokenVersion);
  return { grant, expiresAt: expiresAt.toISOString() };
}

/** Whether the grant is the caller's and of their current password (a change ends it). */
export async function holdsReportsGrant(deps: ReportsDeps, userId: string, grant: string | undefined): Promise<boolean> {
  const verified = grant ? await deps.grants.verify(grant) : null;
  if (!verified || verified.userId !== userId) return false;
  const [user] = await deps.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return user?.tokenVersion === verified.tokenVersion;
}

export async function requireReportsGrant(deps: ReportsDeps, userId: string, grant: string | undefined): Promise<void> {
  if (!(await holdsReportsGrant(deps, userId, grant))) throw grantNeeded();
}

async function paidByPeriod(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ period: payouts.period, amount: sql<number>`sum(${payouts.amount})::int` })
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .groupBy(payouts.period);
  return new Map(rows.map((row) => [row.period, Number(row.amount)]));
}

/** The months a report shows: `to` (default: this month) and the DEFAULT_REPORT_MONTHS before it, or from `from`. */
export function reportRange(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = query.to ?? monthOf(now);
  const from = query.from ?? addMonths(to, -(DEFAULT_REPORT_MONTHS - 1));
  if (from > to) throw new AppError(400, 'validation', 'from must not be after to');
  if (monthsBetween(from, to).length > 60) throw new AppError(400, 'validation', 'A report covers at most 60 months');
  return { from, to };
}

/**
 * GET /api/reports: the caller's own figures only. As a builder: each month's sales per game (count,
 * gross, VAT, commission, affiliate shares, net). As an affiliate: each purchase that came with their
 * code and its share (no buyer's details). The statement: per month what was earned, what is due at
 * the end of the following month, what rolls over under the 100 ILS minimum, what was paid, the balance.
 */
export async function financeReport(deps: ReportsDeps, userId: string, range: { from: string; to: string }): Promise<FinanceReport> {
  const inRange = sql`${SALE_MONTH} between ${range.from} and ${range.to}`;

  const builderRows = await deps.db
    .select({
      month: SALE_MONTH.as('month'),
      gameId: purchases.gameId,
      gameName: gameNameSql.as('game_name'),
      count: sql<number>`count(*)::int`,
      gross: sql<number>`sum(${purchases.amount})::int`,
      vat: sql<number>`sum(${purchases.vat})::int`,
      commission: sql<number>`sum(${purchases.commission})::int`,
      affiliateShares: sql<number>`sum(${purchases.affiliateShare})::int`,
      net: sql<number>`sum(${purchases.builderShare})::int`,
    })
    .from(purchases)
    .innerJoin(games, eq(games.id, purchases.gameId))
    .where(and(EARNING, eq(purchases.builderId, userId), inRange))
    .groupBy(SALE_MONTH, purchases.gameId, gameNameSql)
    .orderBy(SALE_MONTH, gameNameSql);

  const affiliateRows = await deps.db
    .select({
      month: SALE_MONTH.as('month'),
      purchaseId: purchases.id,
      paidAt: purchases.paidAt,
      gameId: purchases.gameId,
      gameName: gameNameSql.as('game_name'),
      price: purchases.amount,
      vat: purchases.vat,
      share: purchases.affiliateShare,
    })
    .from(purchases)
    .innerJoin(games, eq(games.id, purchases.gameId))
    .where(and(EARNING, eq(purchases.affiliateId, userId), inRange))
    .orderBy(purchases.paidAt, purchases.id);

  const [earnings, paid, trials] = await Promise.all([earningsByMonth(deps.db, { userId }), paidByPeriod(deps.db, userId), trialFunnel(deps.db, userId, range)]);
  const earned = new Map(earnings.map((row) => [row.month, row.builder + row.affiliate]));
  const known = [...earned.keys(), ...paid.keys(), range.from, range.to].sort();
  const figures: MonthFigures[] = monthsBetween(known[0], known[known.length - 1]).map((month) => ({
    month,
    earned: earned.get(month) ?? 0,
    paid: paid.get(month) ?? 0,
  }));
  const statement = buildStatement(figures).filter((row) => row.month >= range.from && row.month <= range.to);

  return {
    currency: 'ILS',
    from: range.from,
    to: range.to,
    payoutMinimum: PAYOUT_MINIMUM,
    builderSales: builderRows.map((row) => ({
      month: row.month,
      gameId: row.gameId,
      gameName: row.gameName,
      count: Number(row.count),
      gross: Number(row.gross),
      vat: Number(row.vat),
      commission: Number(row.commission),
      affiliateShares: Number(row.affiliateShares),
      net: Number(row.net),
    })),
    affiliateSales: affiliateRows.map((row) => ({
      month: row.month,
      purchaseId: row.purchaseId,
      paidAt: (row.paidAt ?? new Date(0)).toISOString(),
      gameId: row.gameId,
      gameName: row.gameName,
      price: row.price,
      exVat: row.price - (row.vat ?? 0),
      share: row.share ?? 0,
    })),
    statement,
    // Trials are never sales: only this funnel line counts them (a bought one's sale is in builderSales).
    trialsStarted: trials.started,
    trialsBought: trials.bought,
  };
}
