import Papa from 'papaparse';
import { downloadBlob } from './download-file.ts';

/** Excel reads a CSV as UTF-8 (and so shows Hebrew) only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula (= + @, tab, return, or - not starting a number) get a
 * leading ' : names and phones come from public forms and game names from any creator. A negative
 * amount such as -5.50 stays a number.
 */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d)/;

/** A CSV file's text: the header row in the interface's words, then the rows, every cell already text. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, { escapeFormulae: FORMULA_START });
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
