import { describe, expect, it } from 'vitest';
import { exportFileName } from './download-file.ts';

describe('exportFileName', () => {
  it("names the file after the game, without characters a file system refuses", () => {
    expect(exportFileName('סודות נווה צדק', 'g1')).toBe('סודות-נווה-צדק.streethunt.json');
    expect(exportFileName('Jaffa: "Port" / Hunt?', 'g1')).toBe('Jaffa-Port-Hunt.streethunt.json');
  });

  it('falls back to the id when the name leaves nothing', () => {
    expect(exportFileName('  ', 'g1')).toBe('game-g1.streethunt.json');
    expect(exportFileName('???', 'g2')).toBe('game-g2.streethunt.json');
  });
});
