import { PROGRESS_EVENT, progressSchema, WATCH_EVENT, type Progress, type WatchAck } from '@streethunt/shared';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildCode, buildGame } from '../../test/factories.ts';
import { connectSocket, progressCall } from '../../test/player-calls.ts';

describe.each(testDatabaseKinds())('live progress over Socket.IO on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let game: Awaited<ReturnType<typeof buildGame>>;
  let otherCode: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Each question is played on its own here, so the game takes them in any order (play-flow.test.ts holds the order).
    game = await buildGame(t.db, { content: anyOrder() });
    otherCode = (await buildCode(t.db, { gameId: (await buildGame(t.db)).id })).code;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const connect = () => connectSocket(url, sockets);
  const watch = (socket: ClientSocket, payload: unknown): Promise<WatchAck> => socket.timeout(2000).emitWithAck(WATCH_EVENT, payload);
  /** Every game-progress event the socket gets from now on. */
  const collect = (socket: ClientSocket) => {
    const events: Progress[] = [];
    socket.on(PROGRESS_EVENT, (p: Progress) => events.push(p));
    return events;
  };
  const waitFor = async (check: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    return check();
  };
  const newCode = async () => (await buildCode(t.db, { gameId: game.id })).code;

  it('two devices on one code both get every change within a second; a wrong code and another play get nothing', async () => {
    const code = await newCode();
    const neighbourCode = await newCode();
    const [phoneA, phoneB, guesser, neighbour] = await Promise.all([connect(), connect(), connect(), connect()]);

    const ackA = await watch(phoneA, { gameId: game.id, secretCode: code.toLowerCase() });
    expect(ackA.ok).toBe(true);
    expect(progressSchema.parse((ackA as { progress: unknown }).progress)).toMatchObject({ game_id: game.id, game_secret: code, startTime: null });
    expect((await watch(phoneB, { gameId: game.id, secretCode: code })).ok).toBe(true);
    expect(await watch(guesser, { gameId: game.id, secretCode: otherCode })).toEqual({ ok: false, code: 'wrong_code' });
    expect(await watch(guesser, { gameId: game.id, secretCode: 'NOSUCHCODE' })).toEqual({ ok: false, code: 'wrong_code' });
    expect((await watch(neighbour, { gameId: game.id, secretCode: neighbourCode })).ok).toBe(true);
    const [eventsA, eventsB, eventsGuesser, eventsNeighbour] = [phoneA, phoneB, guesser, neighbour].map(collect);

    const started = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code });
    expect(await waitFor(() => eventsA.length === 1 && eventsB.length === 1, 1000)).toBe(true);
    expect(eventsA[0]).toEqual(started.json().gameProgress);

    const sentAt = Date.now();
    const hint = await progressCall(t.app, { action: 'show-question-hint', gameId: game.id, secretCode: code, questionIndex: 1, hintIndex: 0 });
    expect(hint.statusCode).toBe(200);
    expect(await waitFor(() => eventsA.length === 2 && eventsB.length === 2, 1000)).toBe(true);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(eventsA[1]).toEqual(hint.json());
    expect(eventsB[1]).toEqual(hint.json());
    expect(eventsB[1].questions[1].hints[0].isOpen).toBe(true);

    // A change that changes nothing is not sent again.
    await progressCall(t.app, { action: 'show-question-hint', gameId: game.id, secretCode: code, questionIndex: 1, hintIndex: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsA).toHaveLength(2);
    expect(eventsGuesser).toEqual([]);
    expect(eventsNeighbour).toEqual([]);
  });

  it('a device that watches another play leaves the first one', async () => {
    const [first, second] = [await newCode(), await newCode()];
    const phone = await connect();
    expect((await watch(phone, { gameId: game.id, secretCode: first })).ok).toBe(true);
    expect((await watch(phone, { gameId: game.id, secretCode: second })).ok).toBe(true);
    const events = collect(phone);
    await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: first });
    await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: second });
    expect(await waitFor(() => events.length === 1, 1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(events.map((e) => e.game_secret)).toEqual([second]);
  });

  it('acks a malformed watch with validation and joins nothing', async () => {
    const phone = await connect();
    for (const payload of [null, 'x', { gameId: game.id }, { gameId: 'a b', secretCode: 'X' }, { gameId: game.id, secretCode: 7 }]) {
      expect(await watch(phone, payload)).toEqual({ ok: false, code: 'validation' });
    }
    // Without an ack callback nothing breaks.
    phone.emit(WATCH_EVENT, { gameId: game.id, secretCode: 'NOPE' });
    expect((await watch(phone, { gameId: game.id, secretCode: await newCode() })).ok).toBe(true);
  });

  it('counts wrong codes on the socket with those over HTTP, per client IP', async () => {
    // A fresh app, so the earlier tests' wrong tries from this address do not count.
    const fresh = await buildTestApp({ kind });
    try {
      const freshUrl = await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const freshGame = await buildGame(fresh.db);
      const code = (await buildCode(fresh.db, { gameId: freshGame.id })).code;
      const phone = connectClient(freshUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(phone);
      // The sockets come from 127.0.0.1; so do these HTTP calls.
      const ip = '127.0.0.1';
      for (let i = 0; i < 8; i++) expect(await watch(phone, { gameId: freshGame.id, secretCode: `WRONG${i}` })).toEqual({ ok: false, code: 'wrong_code' });
      expect((await progressCall(fresh.app, { action: 'get-game-progress', gameId: freshGame.id, secretCode: 'WRONG8' }, { ip })).statusCode).toBe(403);
      const wrongGet = await fresh.app.inject({ method: 'GET', url: `/api/games/${freshGame.id}`, headers: { 'x-game-secret': 'WRONG9' }, remoteAddress: ip });
      expect(wrongGet.statusCode).toBe(200);

      expect(await watch(phone, { gameId: freshGame.id, secretCode: code })).toEqual({ ok: false, code: 'rate_limited' });
      const http = await fresh.app.inject({ method: 'GET', url: `/api/games/${freshGame.id}`, headers: { 'x-game-secret': code }, remoteAddress: ip });
      expect(http.statusCode).toBe(429);
      expect((await progressCall(fresh.app, { action: 'get-game-progress', gameId: freshGame.id, secretCode: code }, { ip })).statusCode).toBe(429);
      // Another client is not affected.
      expect((await progressCall(fresh.app, { action: 'get-game-progress', gameId: freshGame.id, secretCode: code })).statusCode).toBe(200);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await fresh.close();
    }
  });
});
