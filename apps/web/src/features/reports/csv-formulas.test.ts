import { describe, expect, it } from 'vitest';
import { csvCells, describeFormulaCells } from '../../test/csv-formulas.ts';
import { affiliateSalesCsv, builderSalesCsv, statementCsv } from './reports-csv.ts';
import { REPORT } from './test-data.ts';

// The finance report's CSV files: a game's name comes from its creator; no cell is ever a formula.

describeFormulaCells([
  { name: 'builder sales', make: (text) => builderSalesCsv([{ ...REPORT.builderSales[1], gameName: text }], String), where: [[1, 1]] },
  { name: 'affiliate sales', make: (text) => affiliateSalesCsv([{ ...REPORT.affiliateSales[0], gameName: text }], String), where: [[1, 1]] },
  // Its text cells are the server's months and dates; the writer guards them all the same.
  { name: 'statement', make: (text) => statementCsv([{ ...REPORT.statement[0], month: text }], String), where: [[1, 0]] },
]);

describe('numbers in the finance CSV files', () => {
  it('stay numbers, negative amounts too', () => {
    const [, row] = csvCells(statementCsv([{ ...REPORT.statement[0], carriedIn: -12345, balance: -100 }], String));
    expect(row.slice(0, 3)).toEqual(['2026-01', '-123.45', '101.02']);
    expect(row[7]).toBe('-1.00');
  });
});
