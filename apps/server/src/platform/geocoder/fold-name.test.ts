import { describe, expect, it } from 'vitest';
import { foldName } from './fold-name.ts';

describe('foldName', () => {
  it.each([
    ['Rishon LeẔiyyon', 'rishon leziyyon'],
    ['Petaẖ Tiqwa', 'petah tiqwa'],
    ["Ra'anana", 'raanana'],
    ['Modi‘in Makkabbim Re‘ut', 'modiin makkabbim reut'],
    ['São Paulo', 'sao paulo'],
    ['Łódź', 'lodz'],
    ['  TEL-AVIV  ', 'tel aviv'],
    ['Tel   Aviv,Yafo', 'tel aviv yafo'],
    ['Ｔｏｋｙｏ', 'tokyo'],
  ])('%j reads as %j', (text, folded) => {
    expect(foldName(text)).toBe(folded);
  });

  it('drops Hebrew points, geresh and direction marks, and writes final letters plainly', () => {
    expect(foldName('יְרוּשָׁלַיִם')).toBe(foldName('ירושלים'));
    expect(foldName("\u200fסח'נין\u200e")).toBe('סחנינ');
    expect(foldName('תל אביב-יפו')).toBe('תל אביב יפו');
    expect(foldName('ראשון')).toBe('ראשונ');
  });

  it('leaves nothing of punctuation alone', () => {
    expect(foldName(' ,.-\u200f ')).toBe('');
  });
});
