import { shekelsText } from '@streethunt/shared';
import { toCsv } from '../../ui/studio/csv.ts';
import type { ReportRange } from './api.ts';
import { isoPaidDay } from './report-format.ts';
import type { AffiliateSaleRow, BuilderSalesRow, StatementRow } from './report-figures.ts';

// The report's tables as CSV files: headers in the interface's words, amounts as plain shekels with two
// decimals ('70.00') and dates as YYYY-MM-DD, so a spreadsheet reads them as numbers and dates.

const BUILDER_COLUMNS = ['month', 'game', 'count', 'gross', 'vat', 'commission', 'affiliateShares', 'net'] as const;
const AFFILIATE_COLUMNS = ['date', 'game', 'price', 'exVat', 'share'] as const;
const STATEMENT_COLUMNS = ['month', 'carriedIn', 'earned', 'due', 'payable', 'rolledOver', 'paid', 'balance', 'dueDate'] as const;

export type BuilderColumn = (typeof BUILDER_COLUMNS)[number];
export type AffiliateColumn = (typeof AFFILIATE_COLUMNS)[number];
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

function csv<C extends string>(columns: readonly C[], title: (column: C) => string, rows: Record<C, string>[]): string {
  return toCsv(columns.map(title), rows.map((row) => columns.map((column) => row[column])));
}

export function builderSalesCsv(rows: readonly BuilderSalesRow[], title: (column: BuilderColumn) => string): string {
  return csv(
    BUILDER_COLUMNS,
    title,
    rows.map((row) => ({
      month: row.month,
      game: row.gameName,
      count: String(row.count),
      gross: shekelsText(row.gross),
      vat: shekelsText(row.vat),
      commission: shekelsText(row.commission),
      affiliateShares: shekelsText(row.affiliateShares),
      net: shekelsText(row.net),
    })),
  );
}

export function affiliateSalesCsv(rows: readonly AffiliateSaleRow[], title: (column: AffiliateColumn) => string): string {
  return csv(
    AFFILIATE_COLUMNS,
    title,
    rows.map((row) => ({ date: isoPaidDay(row.paidAt), game: row.gameName, price: shekelsText(row.price), exVat: shekelsText(row.exVat), share: shekelsText(row.share) })),
  );
}

export function statementCsv(rows: readonly StatementRow[], title: (column: StatementColumn) => string): string {
  return csv(
    STATEMENT_COLUMNS,
    title,
    rows.map((row) => ({
      month: row.month,
      carriedIn: shekelsText(row.carriedIn),
      earned: shekelsText(row.earned),
      due: shekelsText(row.due),
      payable: shekelsText(row.payable),
      rolledOver: shekelsText(row.rolledOver),
      paid: shekelsText(row.paid),
      balance: shekelsText(row.balance),
      dueDate: row.dueDate,
    })),
  );
}

export type ReportTable = 'builder' | 'affiliate' | 'statement';

/** `finance-{table}-{from}-to-{to}.csv`, e.g. finance-builder-2025-05-to-2026-04.csv. */
export function reportCsvFileName(table: ReportTable, { from, to }: ReportRange): string {
  return `finance-${table}-${from}-to-${to}.csv`;
}
