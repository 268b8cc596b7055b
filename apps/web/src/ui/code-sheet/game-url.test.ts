import { describe, expect, it } from 'vitest';
import { gameUrlOf } from './game-url.ts';

describe('gameUrlOf', () => {
  it("makes the game's URL from the site's origin", () => {
    expect(gameUrlOf('g1', 'https://streethunt.example')).toBe('https://streethunt.example/game/g1');
    expect(gameUrlOf('g2')).toBe(`${window.location.origin}/game/g2`);
  });
});
