import Papa from 'papaparse';
import { downloadBlob } from './download-file.ts';

/** Excel reads a CSV as UTF-8 (and so shows Hebrew) only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (OWASP, CSV injection): one starting with = + - @, tab
 * or carriage return that is not exactly a plain number. Names and phones come from public forms and
 * game names from any creator, so '-1+1+HYPERLINK(...)' must not slip through as 'a negative number'.
 * An amount such as -5.50 is exactly a number and stays one.
 */
const FORMULA = /^(?!-?\d+(\.\d+)?$)[=+\-@\t\r]/;

/**
 * A CSV file's text: the header row in the interface's words, then the rows, every cell already text.
 * The only CSV writer of the app: each formula cell gets a leading ' and quotes (papaparse's
 * escapeFormulae), every cell is quoted as CSV needs.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, { escapeFormulae: FORMULA });
}

/** `{prefix}-{yyyy-mm-dd}.csv`, the local date. */
export function datedCsvName(prefix: string, now = new Date()): string {
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `${prefix}-${date}.csv`;
}

/** Hands `text` to the browser as a CSV file download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
