import { describe, expect, it } from 'vitest';
import type { LeadListItem, PayoutDueRow } from '@streethunt/shared';
import { csvCells, describeFormulaCells } from '../../test/csv-formulas.ts';
import { codesCsv } from './codes-csv.ts';
import { LEADS_CSV_COLUMNS, leadsCsv, type LeadsCsvColumn } from './leads-csv.ts';
import { PAYOUTS_CSV_COLUMNS, payoutsCsv, type PayoutsCsvColumn } from './payouts-csv.ts';

// The admin's CSV files (codes, leads, payouts): no cell a caller controls is ever a formula.

const lead = (text: string): LeadListItem => ({
  _id: 'l1',
  firstName: text,
  lastName: text,
  email: 'noa@example.com',
  phone: text,
  formType: 'guides',
  aff: null,
  affName: text,
  language: 'he',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

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

const leadsHeader = Object.fromEntries(LEADS_CSV_COLUMNS.map((column) => [column, column])) as Record<LeadsCsvColumn, string>;
const payoutsHeader = Object.fromEntries(PAYOUTS_CSV_COLUMNS.map((column) => [column, column])) as Record<PayoutsCsvColumn, string>;
const codes = (data: string) => codesCsv({ label: 'Label', data: 'Data' }, [{ label: 'Game Name', data }, { label: 'Code-1', data: 'TLV23456789A' }]);

describeFormulaCells([
  { name: 'codes', make: codes, where: [[1, 1]] },
  {
    name: 'leads',
    make: (text) => leadsCsv([lead(text)], { header: leadsHeader, formType: () => 'Contact', language: () => 'Hebrew' }),
    where: (['firstName', 'lastName', 'phone', 'affName'] as const).map((column) => [1, LEADS_CSV_COLUMNS.indexOf(column)]),
  },
  {
    name: 'payouts',
    make: (text) => payoutsCsv([payout(text)], payoutsHeader),
    where: (['firstName', 'lastName', 'phone', 'accountHolder', 'bankName'] as const).map((column) => [1, PAYOUTS_CSV_COLUMNS.indexOf(column)]),
  },
]);

describe('numbers in the admin’s CSV files', () => {
  it('stay numbers, negative amounts too', () => {
    const [, row] = csvCells(payoutsCsv([payout('Dana')], payoutsHeader));
    const cell = (column: PayoutsCsvColumn) => row[PAYOUTS_CSV_COLUMNS.indexOf(column)];
    expect([cell('builderEarned'), cell('carriedIn'), cell('balance'), cell('bankNumber'), cell('idNumber')]).toEqual(['101.02', '-5.50', '-0.01', '12', '123456782']);
    for (const number of ['-1', '42', '-0.5', '3.14']) expect(csvCells(codes(number))[1][1]).toBe(number);
  });

  it('text that only starts like a number is text', () => {
    for (const text of ['-1+1', '-5.50.1', '+972501234567', '-1e3', '- 1']) expect(csvCells(codes(text))[1][1]).toBe(`'${text}`);
  });
});
