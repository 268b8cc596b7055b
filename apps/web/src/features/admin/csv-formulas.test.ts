import { describe, expect, it } from 'vitest';
import { csvCells, describeFormulaCells } from '../../test/csv-formulas.ts';
import { codesCsv } from './codes-csv.ts';

// The codes CSV: a game's name comes from its creator; no cell it controls is ever a formula.

const codes = (data: string) => codesCsv({ label: 'Label', data: 'Data' }, [{ label: 'Game Name', data }, { label: 'Code-1', data: 'TLV23456789A' }]);

describeFormulaCells([{ name: 'codes', make: codes, where: [[1, 1]] }]);

describe('numbers in the codes CSV', () => {
  it('stay numbers, negative ones too', () => {
    for (const number of ['-1', '42', '-0.5', '3.14']) expect(csvCells(codes(number))[1][1]).toBe(number);
  });

  it('text that only starts like a number is text', () => {
    for (const text of ['-1+1', '-5.50.1', '+972501234567', '-1e3', '- 1']) expect(csvCells(codes(text))[1][1]).toBe(`'${text}`);
  });
});
