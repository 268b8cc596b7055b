import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createSharedState } from '../../platform/shared-state/shared-state.ts';
import { codeGate } from './service.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';

// Making a grant reads no database; the gate's checks are tested against one in code-gate.test.ts.
const gateOf = (jwtSecret: string) => codeGate({ db: {} as Db, config: { jwtSecret }, shared: createSharedState(null) });

/** Devices keep the play grant they were given for the whole play, so the grant for fixed inputs is pinned. */
describe('play grant', () => {
  it('is exactly as before for fixed inputs, whatever the spelling of the code', () => {
    const gate = gateOf(SECRET);
    expect(gate.grantFor({ gameId: 'game-1', code: 'ABCD2345' })).toBe('X1is-JJLDo_8DB3O4m7MTg');
    expect(gate.grantFor({ gameId: 'game-1', code: ' abcd 2345 ' })).toBe(gate.grantFor({ gameId: 'game-1', code: 'ABCD2345' }));
  });

  it('differs by game, code and secret', () => {
    const grant = gateOf(SECRET).grantFor({ gameId: 'game-1', code: 'ABCD2345' });
    expect(grant).toMatch(/^[\w-]{22}$/);
    expect(gateOf(SECRET).grantFor({ gameId: 'game-2', code: 'ABCD2345' })).not.toBe(grant);
    expect(gateOf(SECRET).grantFor({ gameId: 'game-1', code: 'ABCD2346' })).not.toBe(grant);
    expect(gateOf(`${SECRET}-rotated`).grantFor({ gameId: 'game-1', code: 'ABCD2345' })).not.toBe(grant);
  });
});
