import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCodes } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { tokenFor } from '../../test/tokens.ts';

describe.each(testDatabaseKinds())('a code that opened the questions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const read = (gameId: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers, remoteAddress: nextIp() });

  it('is marked on its first valid read of the player part, once; a wrong code, the public part and the owner mark nothing', async () => {
    const game = await buildGame(t.db);
    const code = await buildCode(t.db, { gameId: game.id });
    const other = await buildCode(t.db, { gameId: game.id });
    const openedAt = async (id: string) => (await t.db.select({ openedAt: gameCodes.openedAt }).from(gameCodes).where(eq(gameCodes.id, id)))[0]?.openedAt;

    expect((await read(game.id, {})).statusCode).toBe(200);
    expect((await read(game.id, { 'x-game-secret': 'WRONG-CODE-1' })).statusCode).toBe(200);
    const owner = await tokenFor(t.app, { id: game.userId, role: 'user' });
    expect((await read(game.id, { 'x-access-token': owner })).statusCode).toBe(200);
    expect(await openedAt(code.id)).toBeNull();

    const first = await read(game.id, { 'x-game-secret': code.code.toLowerCase() });
    expect(first.json().questions.length).toBeGreaterThan(0);
    const marked = await openedAt(code.id);
    expect(marked).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i++) await read(game.id, { 'x-game-secret': code.code });
    expect(await openedAt(code.id)).toEqual(marked);
    expect(await openedAt(other.id)).toBeNull();
  });
});
