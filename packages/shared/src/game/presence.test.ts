import { describe, expect, it } from 'vitest';
import {
  derivePresenceCode,
  isPresenceCode,
  needsPresenceCode,
  normalizePresenceCode,
  PRESENCE_CODE_ALPHABET,
  PRESENCE_CODE_LENGTH,
  presenceQrText,
  printedPresenceCode,
  takesPresenceCode,
} from './presence.ts';

const SECRET = 'a server secret of some length';

describe('spot codes', () => {
  it('are 8 unambiguous characters carrying 40 bits', () => {
    expect(PRESENCE_CODE_ALPHABET).toHaveLength(32);
    expect(PRESENCE_CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(PRESENCE_CODE_LENGTH * Math.log2(PRESENCE_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
    const code = derivePresenceCode(SECRET, 'g1', 'q1');
    expect(code).toMatch(new RegExp(`^[${PRESENCE_CODE_ALPHABET}]{${PRESENCE_CODE_LENGTH}}$`));
  });

  it('are the same every time for one game and question, and differ with the game, the question or the secret', () => {
    const code = derivePresenceCode(SECRET, 'g1', 'q1');
    expect(derivePresenceCode(SECRET, 'g1', 'q1')).toBe(code);
    expect(derivePresenceCode(new TextEncoder().encode(SECRET), 'g1', 'q1')).toBe(code);
    const others = [derivePresenceCode(SECRET, 'g2', 'q1'), derivePresenceCode(SECRET, 'g1', 'q2'), derivePresenceCode('another secret', 'g1', 'q1')];
    for (const other of others) expect(other).not.toBe(code);
  });

  it('spread over the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 300 }, (_, i) => derivePresenceCode(SECRET, 'g', `q${i}`)).join(''));
    expect(seen.size).toBe(PRESENCE_CODE_ALPHABET.length);
  });

  it('read the same typed in any case, with spaces or dashes, or scanned from the sign’s link', () => {
    const code = derivePresenceCode(SECRET, 'g1', 'q1');
    const link = presenceQrText('https://streethunt.example/game/g1', code);
    expect(link).toBe(`https://streethunt.example/game/g1#presence=${code}`);
    for (const typed of [code, code.toLowerCase(), ` ${printedPresenceCode(code)} `, `${code.slice(0, 3)} ${code.slice(3)}`, link, `streethunt:presence:${code}`]) {
      expect(normalizePresenceCode(typed)).toBe(code);
      expect(isPresenceCode(code, typed)).toBe(true);
    }
    expect(printedPresenceCode('ABCD2345')).toBe('ABCD-2345');
    expect(isPresenceCode(code, 'ABCD2345')).toBe(code === 'ABCD2345');
  });

  it('are asked for by qr and gps-or-qr; only qr refuses to begin without one; gps and absent keep the spec’s area step', () => {
    expect([undefined, 'gps', 'qr', 'gps-or-qr'].map((p) => takesPresenceCode(p as never))).toEqual([false, false, true, true]);
    expect([undefined, 'gps', 'qr', 'gps-or-qr'].map((p) => needsPresenceCode(p as never))).toEqual([false, false, true, false]);
  });
});
