import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { GameContent } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { gameCodes, games } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { nextIp } from '../account/test-support.ts';

/** A stored user and a session token of theirs (role from the row: 'admin' for an admin). */
export async function userWithToken(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  const token = await t.app.services.signer.sign({ userId: user.id, role: user.role });
  return { user, token };
}

/** A studio call: JSON body (or none), the token if any, a new client address. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; raw?: string } = {},
): Promise<LightMyRequestResponse> {
  const hasBody = options.body !== undefined || options.raw !== undefined;
  return t.app.inject({
    method,
    url,
    headers: { ...(options.token && { 'x-access-token': options.token }), ...(hasBody && { 'content-type': 'application/json' }) },
    ...(hasBody && { payload: options.raw ?? JSON.stringify(options.body) }),
    remoteAddress: nextIp(),
  });
}

export async function storedGame(db: Db, gameId: string) {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row;
}

/** Every game and code row, to prove a refused call changed nothing (compared as stored and as text). */
export async function studioTables(db: Db) {
  const rows = {
    games: await db.select().from(games).orderBy(games.id),
    codes: await db.select().from(gameCodes).orderBy(gameCodes.id),
  };
  return { rows, text: JSON.stringify(rows) };
}

/** A save body from a game's content and the version it was loaded at. */
export const saveBody = (content: GameContent, version: number) => ({ ...content, version });
