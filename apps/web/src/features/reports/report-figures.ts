import { monthsBetween, type FinanceReport } from '@streethunt/shared';

// The sums a report page shows beside the server's rows. All amounts in agorot.

export type BuilderSalesRow = FinanceReport['builderSales'][number];
export type AffiliateSaleRow = FinanceReport['affiliateSales'][number];
export type StatementRow = FinanceReport['statement'][number];

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

export function builderTotals(rows: readonly BuilderSalesRow[]) {
  return {
    count: sum(rows, (row) => row.count),
    gross: sum(rows, (row) => row.gross),
    vat: sum(rows, (row) => row.vat),
    commission: sum(rows, (row) => row.commission),
    affiliateShares: sum(rows, (row) => row.affiliateShares),
    net: sum(rows, (row) => row.net),
  };
}

export function affiliateTotals(rows: readonly AffiliateSaleRow[]) {
  return { price: sum(rows, (row) => row.price), exVat: sum(rows, (row) => row.exVat), share: sum(rows, (row) => row.share) };
}

/** What the last month of the statement leads to: a payout on its due date, or a balance too small that waits. */
type NextPayout =
  | { kind: 'payable'; amount: number; dueDate: string }
  | { kind: 'rollsOver'; amount: number; minimum: number }
  | { kind: 'none' };

export type ReportSummary = {
  /** Earned over the range, as builder and as affiliate. */
  earned: number;
  /** Paid out for the range's months. */
  paid: number;
  /** What is owed after the range's last month, and that month (null: no statement). */
  balance: number;
  balanceMonth: string | null;
  next: NextPayout;
};

/** The summary cards' figures, from the statement (which already holds builder and affiliate earnings together). */
export function reportSummary(report: FinanceReport): ReportSummary {
  const last = report.statement.at(-1);
  const next: NextPayout = !last
    ? { kind: 'none' }
    : last.payable > 0
      ? { kind: 'payable', amount: last.payable, dueDate: last.dueDate }
      : last.rolledOver > 0
        ? { kind: 'rollsOver', amount: last.rolledOver, minimum: report.payoutMinimum }
        : { kind: 'none' };
  return {
    earned: sum(report.statement, (row) => row.earned),
    paid: sum(report.statement, (row) => row.paid),
    balance: last?.balance ?? 0,
    balanceMonth: last?.month ?? null,
    next,
  };
}

export type MonthEarnings = { month: string; builder: number; affiliate: number };

/** Every month of the range (empty ones as zeros), with what the user earned as builder (net) and as affiliate (shares). */
export function earningsByMonth(report: FinanceReport): MonthEarnings[] {
  const byMonth = new Map(monthsBetween(report.from, report.to).map((month) => [month, { month, builder: 0, affiliate: 0 }]));
  for (const row of report.builderSales) {
    const entry = byMonth.get(row.month);
    if (entry) entry.builder += row.net;
  }
  for (const row of report.affiliateSales) {
    const entry = byMonth.get(row.month);
    if (entry) entry.affiliate += row.share;
  }
  return [...byMonth.values()];
}

/** No sale as builder or affiliate in the range. */
export function hasNoSales(report: FinanceReport): boolean {
  return report.builderSales.length === 0 && report.affiliateSales.length === 0;
}
