import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { codesCsv, codesCsvFileName } from './codes-csv.ts';

const rows = [
  { label: 'שם המשחק', data: 'סודות נווה צדק, "המקורי"' },
  { label: 'כתובת המשחק', data: 'https://streethunt.example/game/g1' },
  { label: 'קוד-1', data: 'TLV23456789A' },
  { label: 'קוד-2', data: 'TLVBCDEFGHJK' },
];

describe('the codes CSV', () => {
  it('starts with a byte-order mark and holds the Label,Data rows, quoted where needed', () => {
    const csv = codesCsv({ label: 'תווית', data: 'נתון' }, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'תווית,נתון',
      'שם המשחק,"סודות נווה צדק, ""המקורי"""',
      'כתובת המשחק,https://streethunt.example/game/g1',
      'קוד-1,TLV23456789A',
      'קוד-2,TLVBCDEFGHJK',
    ]);
    // Read back, it is the same table.
    const parsed = Papa.parse<string[]>(csv.slice(1)).data;
    expect(parsed).toEqual([['תווית', 'נתון'], ...rows.map((row) => [row.label, row.data])]);
  });

  it('names the file after the game and the local date, without characters a file system refuses', () => {
    const day = new Date(2026, 2, 7, 23, 30);
    expect(codesCsvFileName('סודות נווה צדק', 'g1', day)).toBe('codes-סודות-נווה-צדק-2026-03-07.csv');
    expect(codesCsvFileName('Jaffa: "Port" / Hunt?', 'g1', day)).toBe('codes-Jaffa-Port-Hunt-2026-03-07.csv');
    expect(codesCsvFileName(' /?* ', 'g1', day)).toBe('codes-g1-2026-03-07.csv');
  });
});
