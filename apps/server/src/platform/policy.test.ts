import { describe, expect, it } from 'vitest';
import type { AccessClaims } from './auth.ts';
import { may } from './policy.ts';

const owner: AccessClaims = { userId: 'owner', role: 'user' };
const other: AccessClaims = { userId: 'other', role: 'user' };
const admin: AccessClaims = { userId: 'admin', role: 'admin' };

/** Each action against the same four callers: who may do it, in the order anonymous, another user, the owner (or organiser), an admin. */
describe('may', () => {
  const callers = [null, other, owner, admin] as const;
  const game = { userId: 'owner' };
  const event = { organiserId: 'owner' };
  const table: [string, (caller: AccessClaims | null) => boolean, boolean[]][] = [
    ['edit-game', (caller) => may(caller, 'edit-game', game), [false, false, true, true]],
    ['organise-event', (caller) => may(caller, 'organise-event', event), [false, false, true, true]],
    // In an event its organiser judges, not the game's owner (here `other`); outside events the game's owner.
    ['judge-photo in an event', (caller) => may(caller, 'judge-photo', { event, game: { userId: 'other' } }), [false, false, true, true]],
    ['judge-photo outside events', (caller) => may(caller, 'judge-photo', { event: null, game }), [false, false, true, true]],
    ['edit-non-draft-game', (caller) => may(caller, 'edit-non-draft-game'), [false, false, false, true]],
    ['reopen-approved-game', (caller) => may(caller, 'reopen-approved-game'), [false, false, false, true]],
  ];

  it.each(table)('%s', (_action, ask, expected) => {
    expect(callers.map((caller) => ask(caller))).toEqual(expected);
  });
});
