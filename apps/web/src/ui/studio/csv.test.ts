import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { datedCsvName, toCsv } from './csv.ts';

describe('CSV files', () => {
  it('start with a byte-order mark and keep Hebrew, commas and quotes', () => {
    const text = toCsv(['שם', 'Data'], [['סודות נווה צדק', 'a, "b"']]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(text.slice(1)).data).toEqual([
      ['שם', 'Data'],
      ['סודות נווה צדק', 'a, "b"'],
    ]);
  });

  it('defuse formulas but keep negative amounts numbers', () => {
    const [, row] = Papa.parse<string[]>(toCsv(['a', 'b', 'c', 'd', 'e'], [['=HYPERLINK("x")', '+972', '@SUM(A1)', '-cmd', '-5.50']]).slice(1)).data;
    expect(row).toEqual(["'=HYPERLINK(\"x\")", "'+972", "'@SUM(A1)", "'-cmd", '-5.50']);
  });

  it('are named by their contents and the local date', () => {
    expect(datedCsvName('leads', new Date(2026, 0, 5))).toBe('leads-2026-01-05.csv');
  });
});
