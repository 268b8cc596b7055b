import type { AccessClaims } from './auth.ts';

/**
 * Who may do what to which thing: the one place the object rules live. A route's access rule
 * (access.ts) says who may call it at all; where the answer depends on the row (whose game, whose
 * event), the route or its service asks `may`, so a rule is read, and changed, here only.
 * Resources are the few fields a rule reads, so any row that has them will do.
 */
type Resources = {
  /** Read the whole game (answers included), change it, make codes of it, see its plays: its owner, or an admin. */
  'edit-game': { userId: string };
  /** Change a game that is waiting for approval or approved: admins only (its owner takes it back to draft first). */
  'edit-non-draft-game': null;
  /** Take an approved game back to draft: admins only. */
  'reopen-approved-game': null;
  /** Run an event (its control room, messages, time, teams, photos): its organiser, or an admin. */
  'organise-event': { organiserId: string };
  /** Judge a team's photo: in an event its organiser, outside events the game's owner; an admin always. */
  'judge-photo': { event: { organiserId: string } | null; game: { userId: string } };
};

export type Action = keyof Resources;

/** The actions an admin alone may take: they name no resource. */
type AdminOnly = { [A in Action]: Resources[A] extends null ? A : never }[Action];

export function may(caller: AccessClaims | null, action: AdminOnly): boolean;
export function may<A extends Exclude<Action, AdminOnly>>(caller: AccessClaims | null, action: A, resource: Resources[A]): boolean;
export function may(caller: AccessClaims | null, action: Action, resource: Resources[Action] = null): boolean {
  if (caller === null) return false;
  // An admin may do anything a rule here names: every rule is "someone in particular, or an admin".
  if (caller.role === 'admin') return true;
  return (rules[action] as (caller: AccessClaims, resource: Resources[Action]) => boolean)(caller, resource);
}

/** What a caller who is not an admin needs, per action. */
const rules: { [A in Action]: (caller: AccessClaims, resource: Resources[A]) => boolean } = {
  'edit-game': (caller, game) => game.userId === caller.userId,
  'edit-non-draft-game': () => false,
  'reopen-approved-game': () => false,
  'organise-event': (caller, event) => event.organiserId === caller.userId,
  'judge-photo': (caller, { event, game }) => (event ? event.organiserId === caller.userId : game.userId === caller.userId),
};
