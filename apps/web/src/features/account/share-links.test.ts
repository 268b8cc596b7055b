import { describe, expect, it } from 'vitest';
import { allGamesLink, gameLink, qrFileName } from './share-links.ts';

describe('share links', () => {
  it('puts the code in ?aff= of the games list and of one game', () => {
    expect(allGamesLink('https://www.streethunt.co.il', 'ABCD2345')).toBe('https://www.streethunt.co.il/games?aff=ABCD2345');
    expect(gameLink('http://localhost:5173', '0123456789abcdef01234567', 'ABCD2345')).toBe('http://localhost:5173/game/0123456789abcdef01234567?aff=ABCD2345');
  });

  it('names a downloaded QR code in Latin letters only', () => {
    expect(qrFileName('ABCD2345')).toBe('streethunt-games-ABCD2345.svg');
    expect(qrFileName('ABCD2345', 'abc123')).toBe('streethunt-game-abc123-ABCD2345.svg');
    expect(qrFileName('AB/CD', 'x y')).toBe('streethunt-game-xy-ABCD.svg');
  });
});
