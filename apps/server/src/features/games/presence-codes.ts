import { derivePresenceCode, type PresenceCodesReply } from '@streethunt/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findGame, readGameContent } from '../../db/game-rows.ts';
import { may } from '../../platform/policy.ts';
import type { AccessClaims } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { purposeKey } from '../../platform/signing.ts';

/** The spot codes of a server: the code of each question, worked out again on every call (nothing stored). */
export type PresenceCodes = {
  /**
   * The code of a question of a games row. A next version's draft is named by the listed game, so a
   * sign printed from either stays right after the draft is published (question ids are kept).
   */
  codeOf(game: { id: string; nextVersionOf: string | null }, questionId: string): string;
};

const kept = new WeakMap<Config, PresenceCodes>();

/**
 * The server's spot codes, keyed by a key of their own made from JWT_SECRET: a new JWT_SECRET changes
 * every code, so printed signs must be printed again (README).
 */
export function presenceCodes({ config }: { config: Config }): PresenceCodes {
  const known = kept.get(config);
  if (known) return known;
  const key = purposeKey(config.jwtSecret, 'streethunt presence codes v1');
  const made: PresenceCodes = { codeOf: (game, questionId) => derivePresenceCode(key, game.nextVersionOf ?? game.id, questionId) };
  kept.set(config, made);
  return made;
}

/** The spot code of every question of a saved game, for its owner or an admin to print (404 for anyone else, as for a game they cannot see). */
export async function listPresenceCodes(
  deps: { db: Db; presence: PresenceCodes },
  caller: AccessClaims,
  gameId: string,
): Promise<PresenceCodesReply> {
  const row = await findGame(deps.db, gameId);
  if (!row || !may(caller, 'edit-game', row)) throw notFound('No such game');
  // Every question, whatever its proof: a question switched to QR since the last save has its code too.
  const codes = readGameContent(row).questions.map((question) => ({ questionId: question.id, code: deps.presence.codeOf(row, question.id) }));
  return { data: { gameId: row.nextVersionOf ?? row.id, codes } };
}
