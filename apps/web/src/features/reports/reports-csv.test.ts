import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { affiliateSalesCsv, builderSalesCsv, reportCsvFileName, statementCsv } from './reports-csv.ts';
import { REPORT } from './test-data.ts';

const title = (column: string) => `[${column}]`;
/** The CSV's lines without its byte-order mark. */
const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('the reports CSV', () => {
  it('lists the builder sales per month and game, quoted where needed, after a byte-order mark', () => {
    const csv = builderSalesCsv(REPORT.builderSales, title);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual([
      '[month],[game],[count],[gross],[vat],[commission],[affiliateShares],[net]',
      '2026-01,"סודות נווה צדק, ""המקורי""",2,200.00,30.50,60.00,8.48,101.02',
      '2026-03,Jaffa Port Hunt,1,100.00,15.25,30.00,0.00,54.75',
    ]);
    // Read back, the game's name is whole.
    expect(Papa.parse<string[]>(csv.slice(1)).data[1][1]).toBe('סודות נווה צדק, "המקורי"');
  });

  it("dates the affiliate's purchases in Israel time", () => {
    expect(lines(affiliateSalesCsv(REPORT.affiliateSales, title))).toEqual([
      '[date],[game],[price],[exVat],[share]',
      '2026-03-01,Tel Aviv Nights,100.00,84.75,8.48',
    ]);
  });

  it('writes the statement with what is payable and what rolls over in columns of their own', () => {
    expect(lines(statementCsv(REPORT.statement, title))).toEqual([
      '[month],[carriedIn],[earned],[due],[payable],[rolledOver],[paid],[balance],[dueDate]',
      '2026-01,0.00,101.02,101.02,101.02,0.00,101.02,0.00,2026-02-28',
      '2026-02,0.00,0.00,0.00,0.00,0.00,0.00,0.00,2026-03-31',
      '2026-03,0.00,63.23,63.23,0.00,63.23,0.00,63.23,2026-04-30',
    ]);
  });

  it('names the file after the table and the months', () => {
    expect(reportCsvFileName('statement', { from: '2025-05', to: '2026-04' })).toBe('finance-statement-2025-05-to-2026-04.csv');
  });
});
