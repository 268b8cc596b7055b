import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_RANDOM_LENGTH, generateGameCode, normalizeGameCode } from './code.ts';

describe('game codes', () => {
  it('use only unambiguous symbols and carry at least 40 bits after the prefix', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(CODE_RANDOM_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
    const code = generateGameCode('tlv-');
    expect(code.startsWith('TLV-')).toBe(true);
    expect(code.slice(4)).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_RANDOM_LENGTH}}$`));
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => generateGameCode()));
    expect(codes.size).toBe(5000);
  });

  it('spread over the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, () => generateGameCode()).join(''));
    expect(seen.size).toBe(CODE_ALPHABET.length);
  });

  it('normalize what a player types', () => {
    expect(normalizeGameCode('  ab2c 3d4 ')).toBe('AB2C3D4');
  });
});
