import { keptGet, keptPut } from './offline/kept-play.ts';

/**
 * Wrong attempts the phone judged on a question of a play, kept on the device until the question is
 * answered or skipped (in the offline database, offline/kept-play.ts): that move carries the count to the server (a game may take points off for
 * each), so a reload or a dropped network in between loses none.
 */
const KEY = 'player.wrong-tries';

type Kept = Record<string, number>;
const keyOf = (gameId: string, code: string, questionId: string) => `${gameId}:${code}:${questionId}`;

function read(): Kept {
  const value = keptGet(KEY);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Kept) } : {};
}

function write(kept: Kept): void {
  keptPut(KEY, Object.keys(kept).length === 0 ? null : kept);
}

export function wrongTries(gameId: string, code: string, questionId: string): number {
  const count = read()[keyOf(gameId, code, questionId)];
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
}

export function addWrongTry(gameId: string, code: string, questionId: string): void {
  const kept = read();
  kept[keyOf(gameId, code, questionId)] = wrongTries(gameId, code, questionId) + 1;
  write(kept);
}

export function forgetWrongTries(gameId: string, code: string, questionId: string): void {
  const kept = read();
  delete kept[keyOf(gameId, code, questionId)];
  write(kept);
}
