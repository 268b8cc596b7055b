/** A team's name in an event: its length once trimmed. */
export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 30;

/**
 * Letters (any script), digits, spaces and a few marks, nothing else, so a name is plain text wherever
 * it shows. Decency is checked by length and characters only.
 */
export const TEAM_NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} '’\-.!?&]+$/u;

/** What is wrong with a typed team name. */
export type TeamNameProblem = 'tooShort' | 'tooLong' | 'chars';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Null when the name is fine: no control character anywhere (checked before trimming, as every text
 * field is), then its length and characters once trimmed. Without zod, so the phone's event module can
 * check a name before sending it; teamNameSchema (schemas/events.ts) is built on it.
 */
export function teamNameProblem(typed: string): TeamNameProblem | null {
  if (CONTROL.test(typed)) return 'chars';
  const name = typed.trim();
  if (name.length < TEAM_NAME_MIN) return 'tooShort';
  if (name.length > TEAM_NAME_MAX) return 'tooLong';
  return TEAM_NAME_CHARACTERS.test(name) ? null : 'chars';
}
