import { describe, expect, it } from 'vitest';
import type { PayoutDueRow } from '@streethunt/shared';
import { csvCells, describeFormulaCells } from '../../test/csv-formulas.ts';
import { PAYOUTS_CSV_COLUMNS, payoutsCsv, type PayoutsCsvColumn } from './payouts-csv.ts';

// The payouts CSV: names and bank details come from their users; no cell they control is ever a formula.

const payout = (text: string): PayoutDueRow => ({
  userId: 'u1',
  firstName: text,
  lastName: text,
  email: 'dana@example.com',
  phone: text,
  builderEarned: 10102,
  affiliateEarned: 0,
  carriedIn: -550,
  due: 9552,
  payable: 9552,
  rolledOver: 0,
  paid: 0,
  balance: -1,
  bank: { accountHolder: text, idNumber: '123456782', bankName: text, bankNumber: '12', branchNumber: '345', accountNumber: '678901' },
});

const header = Object.fromEntries(PAYOUTS_CSV_COLUMNS.map((column) => [column, column])) as Record<PayoutsCsvColumn, string>;

describeFormulaCells([
  {
    name: 'payouts',
    make: (text) => payoutsCsv([payout(text)], header),
    where: (['firstName', 'lastName', 'phone', 'accountHolder', 'bankName'] as const).map((column) => [1, PAYOUTS_CSV_COLUMNS.indexOf(column)]),
  },
]);

describe('numbers in the payouts CSV', () => {
  it('stay numbers, negative amounts too', () => {
    const [, row] = csvCells(payoutsCsv([payout('Dana')], header));
    const cell = (column: PayoutsCsvColumn) => row[PAYOUTS_CSV_COLUMNS.indexOf(column)];
    expect([cell('builderEarned'), cell('carriedIn'), cell('balance'), cell('bankNumber'), cell('idNumber')]).toEqual(['101.02', '-5.50', '-0.01', '12', '123456782']);
  });
});
