/**
 * Test helper: every CSV file the product writes is checked with text its callers control (a creator's
 * game name, a visitor's name and phone from a public form, bank details) starting with each character
 * a spreadsheet reads as the start of a formula (OWASP, CSV injection). Used by each feature's
 * csv-formulas.test.ts; ui/studio/csv.test.ts checks that every CSV-making module has one.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

/** What a spreadsheet would run: `=`, `+`, `-`, `@`, tab and carriage return at the start of a cell. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** The cells of a CSV file, read back as a spreadsheet would (without the byte-order mark). */
export const csvCells = (csv: string): string[][] => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;

/** One CSV file: made with `text` in every cell its callers control; `where` lists those cells as [row, column]. */
export type CsvFileCase = { name: string; make: (text: string) => string; where: [number, number][] };

/** For each file and each formula start, the caller's cells come back as text after a quote; ordinary text as it was. */
export function describeFormulaCells(files: readonly CsvFileCase[]): void {
  describe.each(files)('the $name CSV', ({ make, where }) => {
    it.each(FORMULA_STARTS.map((start) => [JSON.stringify(start), start]))('a text cell starting with %s is written as text, after a quote', (_label, start) => {
      // The probe's lead: a name that read as '-1' would once pass as a negative number.
      const text = `${start}1+1+HYPERLINK("http://evil.example","x")`;
      const cells = csvCells(make(text));
      for (const [row, column] of where) expect({ row, column, cell: cells[row][column] }).toEqual({ row, column, cell: `'${text}` });
    });

    it('leaves ordinary text alone', () => {
      const cells = csvCells(make('Noa Levi'));
      for (const [row, column] of where) expect(cells[row][column]).toBe('Noa Levi');
    });
  });
}
