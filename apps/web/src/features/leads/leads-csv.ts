import { datedCsvName, toCsv } from '../../ui/studio/csv.ts';
import type { LeadListItem } from '@streethunt/shared';

export const LEADS_CSV_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'formType', 'aff', 'affName', 'language', 'createdAt', 'updatedAt'] as const;
export type LeadsCsvColumn = (typeof LEADS_CSV_COLUMNS)[number];

/** How the file writes what is not plain text: the form and language in the interface's words. */
export type LeadsCsvWords = {
  header: Record<LeadsCsvColumn, string>;
  formType: (lead: LeadListItem) => string;
  language: (lead: LeadListItem) => string;
};

/**
 * The leads as a CSV file's text: a header in the interface's words, then one row per lead. Dates stay
 * ISO 8601 (UTC), which spreadsheets sort and read in any locale; a cell a spreadsheet would run as a
 * formula is defused (ui/studio/csv.ts: the names and phone come from a public form).
 */
export function leadsCsv(leads: readonly LeadListItem[], words: LeadsCsvWords): string {
  const cell = (lead: LeadListItem, column: LeadsCsvColumn): string => {
    if (column === 'formType') return words.formType(lead);
    if (column === 'language') return words.language(lead);
    return lead[column] ?? '';
  };
  const data = leads.map((lead) => LEADS_CSV_COLUMNS.map((column) => cell(lead, column)));
  return toCsv(LEADS_CSV_COLUMNS.map((column) => words.header[column]), data);
}

/** `leads-{yyyy-mm-dd}.csv` (local date). */
export const leadsCsvFileName = (now = new Date()): string => datedCsvName('leads', now);
