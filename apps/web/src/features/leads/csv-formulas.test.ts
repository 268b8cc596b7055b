import type { LeadListItem } from '@streethunt/shared';
import { describeFormulaCells } from '../../test/csv-formulas.ts';
import { LEADS_CSV_COLUMNS, leadsCsv, type LeadsCsvColumn } from './leads-csv.ts';

// The leads CSV: names and phones come from a public form; no cell a visitor controls is ever a formula.

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

const header = Object.fromEntries(LEADS_CSV_COLUMNS.map((column) => [column, column])) as Record<LeadsCsvColumn, string>;

describeFormulaCells([
  {
    name: 'leads',
    make: (text) => leadsCsv([lead(text)], { header, formType: () => 'Contact', language: () => 'Hebrew' }),
    where: (['firstName', 'lastName', 'phone', 'affName'] as const).map((column) => [1, LEADS_CSV_COLUMNS.indexOf(column)]),
  },
]);
