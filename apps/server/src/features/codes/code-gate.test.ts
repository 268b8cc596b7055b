import { startTimeReplySchema, WATCH_EVENT, type WatchAck } from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { connectSocket } from '../../test/player-calls.ts';
import { WRONG_CODE_WINDOW_MS, WRONG_CODES_PER_WINDOW } from './service.ts';

/**
 * The four doors that take a game code (GET /api/games/{id} with x-game-secret and POST
 * /api/game-progress, the socket's progress:watch, feedback, problem reports) check it one way and
 * share one wrong-code counter per client address; a play grant lets a started play go on from a
 * blocked address, and nothing else does.
 */

/** Sockets come from 127.0.0.1, so the HTTP calls that share their counter do too. */
const LOOPBACK = '127.0.0.1';
const DOORS = ['game', 'progress', 'watch', 'feedback', 'report'] as const;
type Door = (typeof DOORS)[number];
/** What a door made of a code: it passed the check, it was a wrong code, or the address is blocked. */
type Outcome = 'ok' | 'wrong' | 'blocked';

type Served = {
  t: TestApp;
  url: string;
  game: Awaited<ReturnType<typeof buildGame>>;
  /** A valid code of the game. */
  code: string;
};

describe.each(testDatabaseKinds())('one code check, one wrong-code counter, play grants on %s', (kind) => {
  const apps: TestApp[] = [];
  const sockets: ClientSocket[] = [];
  let ips = 0;
  /** Another client address for HTTP calls that must not share the loopback counter. */
  const otherIp = () => `10.77.${(++ips >> 8) & 255}.${ips & 255}`;

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  /** A fresh app (so a fresh counter) listening on loopback, with a game and a code. */
  async function serve(): Promise<Served> {
    const t = await buildTestApp({ kind });
    apps.push(t);
    const url = await t.app.listen({ port: 0, host: LOOPBACK });
    const game = await buildGame(t.db);
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    return { t, url, game, code };
  }

  const connect = (url: string) => connectSocket(url, sockets);

  type Knock = { code: string; grant?: string; ip?: string; gameId?: string };

  /** One try at a door; `retryAfter` is the 429's Retry-After in seconds. */
  async function knock(s: Served, door: Door, socket: ClientSocket, { code, grant, ip = LOOPBACK, gameId = s.game.id }: Knock) {
    const post = (url: string, payload: object) => s.t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    let res;
    switch (door) {
      case 'watch': {
        const ack: WatchAck = await socket.timeout(2000).emitWithAck(WATCH_EVENT, { gameId, secretCode: code, ...(grant && { grant }) });
        const outcome: Outcome = ack.ok ? 'ok' : ack.code === 'rate_limited' ? 'blocked' : 'wrong';
        if (!ack.ok && ack.code !== 'rate_limited' && ack.code !== 'wrong_code') throw new Error(`watch: ${ack.code}`);
        return { outcome, retryAfter: undefined };
      }
      case 'game':
        res = await s.t.app.inject({
          method: 'GET',
          url: `/api/games/${gameId}`,
          headers: { 'x-game-secret': code, ...(grant && { 'x-play-grant': grant }) },
          remoteAddress: ip,
        });
        // A wrong code gets what no code gets: the public part, without the questions.
        if (res.statusCode === 200) return { outcome: (res.json().questions ? 'ok' : 'wrong') as Outcome, retryAfter: undefined };
        break;
      case 'progress':
        res = await post('/api/game-progress', { action: 'get-game-progress', gameId, secretCode: code, ...(grant && { grant }) });
        break;
      case 'feedback':
        res = await post(`/api/feedback/game/${gameId}`, { general: 5, questions: 5, path: 5, secretCode: code, ...(grant && { grant }) });
        // Past the code check: no play yet for this code (409), or it was stored.
        if (res.statusCode === 409 || res.statusCode === 200) return { outcome: 'ok' as Outcome, retryAfter: undefined };
        break;
      case 'report':
        res = await post('/api/game/report', { gameId, gameSecret: code, questionId: 1, message: 'The sign is missing', ...(grant && { grant }) });
        break;
    }
    if (res.statusCode === 429) {
      expect(res.json()).toEqual({ code: 'rate_limited', message: expect.stringMatching(/too many wrong codes/i) });
      return { outcome: 'blocked' as Outcome, retryAfter: Number(res.headers['retry-after']) };
    }
    if (res.statusCode === 403) {
      expect(res.json().code).toBe('wrong_code');
      return { outcome: 'wrong' as Outcome, retryAfter: undefined };
    }
    if (res.statusCode === 200) return { outcome: 'ok' as Outcome, retryAfter: undefined };
    throw new Error(`${door}: unexpected ${res.statusCode} ${res.body}`);
  }

  /** Starts the play of `code` (set-start-time) from `remoteAddress` and returns the grant it hands the phone. */
  async function startPlay(s: Served, code: string, options: { gameId?: string; remoteAddress?: string } = {}): Promise<string> {
    const started = await s.t.app.inject({
      method: 'POST',
      url: '/api/game-progress',
      payload: { action: 'set-start-time', gameId: options.gameId ?? s.game.id, secretCode: code },
      remoteAddress: options.remoteAddress ?? LOOPBACK,
    });
    expect(started.statusCode).toBe(200);
    return startTimeReplySchema.parse(started.json()).grant ?? '';
  }

  /** What each door makes of one try; every 429 must carry a Retry-After within the window. */
  async function everyDoor(s: Served, socket: ClientSocket, knockWith: Knock): Promise<Record<Door, Outcome>> {
    const seen = {} as Record<Door, Outcome>;
    for (const door of DOORS) {
      const { outcome, retryAfter } = await knock(s, door, socket, knockWith);
      seen[door] = outcome;
      if (outcome === 'blocked' && door !== 'watch') {
        expect(retryAfter, door).toBeGreaterThan(0);
        expect(retryAfter, door).toBeLessThanOrEqual(WRONG_CODE_WINDOW_MS / 1000);
      }
    }
    return seen;
  }

  const all = (outcome: Outcome): Record<Door, Outcome> => Object.fromEntries(DOORS.map((d) => [d, outcome])) as Record<Door, Outcome>;

  it('wrong codes spread across the four doors count once each, on one counter: the 10th blocks every door, even for a right code', async () => {
    const s = await serve();
    const socket = await connect(s.url);
    expect(WRONG_CODES_PER_WINDOW).toBe(10);
    // Nine wrong tries, spread over every door.
    for (let i = 0; i < 9; i++) {
      expect((await knock(s, DOORS[i % DOORS.length], socket, { code: `WRONG${i}` })).outcome).toBe('wrong');
    }
    // Not blocked yet, and right codes do not count.
    expect(await everyDoor(s, socket, { code: s.code })).toEqual(all('ok'));
    expect((await knock(s, 'report', socket, { code: 'WRONG9' })).outcome).toBe('wrong');
    expect(await everyDoor(s, socket, { code: s.code })).toEqual(all('blocked'));
    // Another address is not affected.
    const elsewhere = otherIp();
    for (const door of ['game', 'progress', 'feedback', 'report'] as const) {
      expect((await knock(s, door, socket, { code: s.code, ip: elsewhere })).outcome, door).toBe('ok');
    }
  });

  it.each(DOORS)('ten wrong codes at the %s door alone block every door', async (door) => {
    const s = await serve();
    const socket = await connect(s.url);
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
      expect((await knock(s, door, socket, { code: `NOPE${i}` })).outcome).toBe('wrong');
    }
    expect(await everyDoor(s, socket, { code: s.code })).toEqual(all('blocked'));
  });

  it('a started play goes on from a blocked address with its grant, at every door; guesses from there are still refused', async () => {
    const s = await serve();
    const socket = await connect(s.url);
    const grant = await startPlay(s, s.code);
    expect(grant).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Someone else behind the same address guesses.
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) expect((await knock(s, 'progress', socket, { code: `GUESS${i}` })).outcome).toBe('wrong');
    expect(await everyDoor(s, socket, { code: s.code })).toEqual(all('blocked'));

    // The play goes on: every door takes the code with its grant, and the play moves.
    expect(await everyDoor(s, socket, { code: s.code, grant })).toEqual(all('ok'));
    const moved = await s.t.app.inject({
      method: 'POST',
      url: '/api/game-progress',
      payload: { action: 'show-question-hint', gameId: s.game.id, secretCode: s.code.toLowerCase(), grant, questionIndex: 0, hintIndex: 0 },
      remoteAddress: LOOPBACK,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().questions[0].hints[0].isOpen).toBe(true);
    const again = await s.t.app.inject({
      method: 'POST',
      url: '/api/game-progress',
      payload: { action: 'set-start-time', gameId: s.game.id, secretCode: s.code, grant },
      remoteAddress: LOOPBACK,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().grant).toBe(grant);

    // Still refused from there: a guess, the right code without the grant, and the grant with another code.
    const otherCode = (await buildCode(s.t.db, { gameId: s.game.id })).code;
    expect(await everyDoor(s, socket, { code: 'GUESS99' })).toEqual(all('blocked'));
    expect(await everyDoor(s, socket, { code: otherCode })).toEqual(all('blocked'));
    expect(await everyDoor(s, socket, { code: otherCode, grant })).toEqual(all('blocked'));
    expect(await everyDoor(s, socket, { code: 'GUESS99', grant })).toEqual(all('blocked'));
  });

  it('a forged grant, or another play’s, opens nothing and saves no guess from counting', async () => {
    const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    /** The same 16 bytes spelled with other spare bits in the last character. */
    const respell = (text: string) => {
      const respelled = `${text.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(text.at(-1)!) ^ 1]}`;
      expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(text, 'base64url'))).toBe(true);
      return respelled;
    };
    const s = await serve();
    const socket = await connect(s.url);
    const start = (code: string, gameId = s.game.id) => startPlay(s, code, { gameId, remoteAddress: otherIp() });
    const grant = await start(s.code);
    const otherCode = (await buildCode(s.t.db, { gameId: s.game.id })).code;
    const otherPlayGrant = await start(otherCode);
    const otherGame = await buildGame(s.t.db);
    const otherGameGrant = await start((await buildCode(s.t.db, { gameId: otherGame.id })).code, otherGame.id);
    expect(new Set([grant, otherPlayGrant, otherGameGrant]).size).toBe(3);
    const forged = [
      'A'.repeat(22),
      otherPlayGrant,
      otherGameGrant,
      // One character off, in the middle (other bytes) and at the end (the same bytes, spelled otherwise:
      // the last of 22 base64url characters carries 4 spare bits).
      `${grant.slice(0, 10)}${grant[10] === 'A' ? 'B' : 'A'}${grant.slice(11)}`,
      respell(grant),
      // The grant's bytes, longer.
      `${grant}AA`,
    ];
    // Wrong codes sent with forged grants count like any other.
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
      expect((await knock(s, DOORS[i % DOORS.length], socket, { code: `FORGE${i}`, grant: forged[i % forged.length] })).outcome).toBe('wrong');
    }
    // Blocked: no forged or borrowed grant opens any door, for this code or the other play's.
    for (const fake of forged) {
      expect(await everyDoor(s, socket, { code: s.code, grant: fake })).toEqual(all('blocked'));
    }
    expect(await everyDoor(s, socket, { code: otherCode, grant })).toEqual(all('blocked'));
    // The real one does.
    expect(await everyDoor(s, socket, { code: s.code, grant })).toEqual(all('ok'));
  });

  it('calls with a valid grant do not count toward the limit', async () => {
    const s = await serve();
    const socket = await connect(s.url);
    const grant = await startPlay(s, s.code);
    for (let i = 0; i < WRONG_CODES_PER_WINDOW - 1; i++) expect((await knock(s, 'game', socket, { code: `MISS${i}` })).outcome).toBe('wrong');
    for (let round = 0; round < 3; round++) expect(await everyDoor(s, socket, { code: s.code, grant })).toEqual(all('ok'));
    // Nine wrong tries so far: the right code alone still works; one more wrong try blocks.
    expect((await knock(s, 'progress', socket, { code: s.code })).outcome).toBe('ok');
    expect((await knock(s, 'progress', socket, { code: 'MISS9' })).outcome).toBe('wrong');
    expect((await knock(s, 'progress', socket, { code: s.code })).outcome).toBe('blocked');
  });

  it('a grant that is not base64url is a 400 validation, not a way around anything', async () => {
    const s = await serve();
    const bad = await s.t.app.inject({
      method: 'POST',
      url: '/api/game-progress',
      payload: { action: 'get-game-progress', gameId: s.game.id, secretCode: s.code, grant: 'not a grant\u0000' },
      remoteAddress: otherIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation');
  });
});
