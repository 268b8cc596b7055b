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
    // A number followed by more is not a number: the spreadsheet would compute it.
    expect(Papa.parse<string[]>(toCsv(['a'], [['-1+1+HYPERLINK("x")']]).slice(1)).data[1]).toEqual(["'-1+1+HYPERLINK(\"x\")"]);
  });

  it('are named by their contents and the local date', () => {
    expect(datedCsvName('leads', new Date(2026, 0, 5))).toBe('leads-2026-01-05.csv');
  });
});

/** The app's source files as text, tests aside, and the names of its test files. */
const sources = Object.entries(
  import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], { eager: true, query: '?raw', import: 'default' }),
);
const testFiles = Object.keys(import.meta.glob('../../**/*.test.{ts,tsx}'));

describe('the one CSV writer', () => {
  it('is this module: no other source writes CSV, and every module that makes a CSV file has its formula test', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter(([, text]) => /papaparse|text\/csv|escapeFormulae/.test(text)).map(([path]) => path)).toEqual(['./csv.ts']);
    const makers = sources.filter(([path, text]) => path !== './csv.ts' && /\btoCsv\(/.test(text)).map(([path]) => path);
    expect(makers.length).toBeGreaterThan(3);
    // Each maker's feature has a csv-formulas.test.ts (test/csv-formulas.ts) covering its files.
    for (const path of makers) expect({ path, tested: testFiles.includes(path.replace(/[^/]+$/, 'csv-formulas.test.ts')) }).toEqual({ path, tested: true });
  });
});
