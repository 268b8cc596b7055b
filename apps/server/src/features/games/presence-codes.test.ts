import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { presenceCodes } from './presence-codes.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';

/** Spot codes are printed on signs in the street, so the code for fixed inputs is pinned. */
describe('presence codes', () => {
  // codeOf reads nothing of the config but its secret.
  const config = { jwtSecret: SECRET } as Config;

  it('are exactly as before for fixed inputs', () => {
    const codes = presenceCodes({ config });
    expect(codes.codeOf({ id: 'game-1', nextVersionOf: null }, 'question-1')).toBe('WXA2S8P6');
    // A draft of a next version gives its listed game's codes.
    expect(codes.codeOf({ id: 'draft-1', nextVersionOf: 'game-1' }, 'question-1')).toBe(codes.codeOf({ id: 'game-1', nextVersionOf: null }, 'question-1'));
  });

  it('change with the secret', () => {
    const other = presenceCodes({ config: { jwtSecret: `${SECRET}-rotated` } as Config });
    expect(other.codeOf({ id: 'game-1', nextVersionOf: null }, 'question-1')).not.toBe(presenceCodes({ config }).codeOf({ id: 'game-1', nextVersionOf: null }, 'question-1'));
  });
});
