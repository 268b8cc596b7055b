import { WATCH_EVENT, type WatchAck } from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { connectSocket } from '../../test/player-calls.ts';
import { WRONG_CODES_PER_WINDOW } from './service.ts';

/**
 * A code that exists but was stopped (its purchase refunded) is not a guess: whoever types it holds a
 * real code, so it gets its own answer (410 code_refunded) and takes none of the address's wrong tries.
 */

const LOOPBACK = '127.0.0.1';

describe.each(testDatabaseKinds())('a refunded code typed on %s', (kind) => {
  const apps: TestApp[] = [];
  const sockets: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('answers 410 code_refunded at every door, counts no wrong try, and the address keeps its allowance', async () => {
    const t = await buildTestApp({ kind });
    apps.push(t);
    const url = await t.app.listen({ port: 0, host: LOOPBACK });
    const game = await buildGame(t.db);
    const refunded = (await buildCode(t.db, { gameId: game.id, disabledAt: new Date() })).code;
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/game-progress', payload, remoteAddress: LOOPBACK });

    // Twice the limit, over the play start (what the phone's code entry sends) and get-game-progress.
    for (let i = 0; i < WRONG_CODES_PER_WINDOW * 2; i++) {
      const action = i % 2 ? 'get-game-progress' : 'set-start-time';
      const res = await post({ action, gameId: game.id, secretCode: refunded.toLowerCase() });
      expect(res.statusCode, action).toBe(410);
      expect(res.json()).toEqual({ code: 'code_refunded', message: expect.stringMatching(/refunded/i) });
    }
    const socket = await connectSocket(url, sockets);
    const ack: WatchAck = await socket.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: refunded });
    expect(ack).toEqual({ ok: false, code: 'code_refunded' });
    // The game's page with the stopped code kept on a phone: the public part, as with no code.
    const page = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: { 'x-game-secret': refunded }, remoteAddress: LOOPBACK });
    expect(page.statusCode).toBe(200);
    expect(page.json().questions).toBeUndefined();

    // None of that was counted: nine wrong codes are still judged, and a right code still starts.
    for (let i = 0; i < WRONG_CODES_PER_WINDOW - 1; i++) {
      const res = await post({ action: 'get-game-progress', gameId: game.id, secretCode: `NOTACODE${i}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('wrong_code');
    }
    const valid = (await buildCode(t.db, { gameId: game.id })).code;
    expect((await post({ action: 'set-start-time', gameId: game.id, secretCode: valid })).statusCode).toBe(200);
  }, 60_000);
});
