import type { PayoutDueRow } from '@streethunt/shared';
import { datedCsvName, toCsv } from '../../ui/studio/csv.ts';
import { shekelsText } from '@streethunt/shared';

const AMOUNTS = ['builderEarned', 'affiliateEarned', 'carriedIn', 'due', 'payable', 'rolledOver', 'paid', 'balance'] as const;
const BANK = ['accountHolder', 'idNumber', 'bankName', 'bankNumber', 'branchNumber', 'accountNumber'] as const;

/** The payouts file's columns, in order; the header is their words in the interface's language. */
export const PAYOUTS_CSV_COLUMNS = ['firstName', 'lastName', 'email', 'phone', ...AMOUNTS, ...BANK] as const;
export type PayoutsCsvColumn = (typeof PAYOUTS_CSV_COLUMNS)[number];

/**
 * A month's payouts with the bank details to pay them from. Amounts are plain shekels with two decimals
 * (e.g. 123.40), so a spreadsheet can add them up.
 */
export function payoutsCsv(rows: readonly PayoutDueRow[], header: Record<PayoutsCsvColumn, string>): string {
  return toCsv(
    PAYOUTS_CSV_COLUMNS.map((column) => header[column]),
    rows.map((row) => [
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      ...AMOUNTS.map((column) => shekelsText(row[column])),
      ...BANK.map((column) => row.bank?.[column] ?? ''),
    ]),
  );
}

export function payoutsCsvFileName(month: string, now = new Date()): string {
  return datedCsvName(`payouts-${month}`, now);
}
