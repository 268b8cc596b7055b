import { WATCH_EVENT, type WatchAck } from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { connectSocket } from '../../test/player-calls.ts';
import { WRONG_CODES_PER_WINDOW } from './service.ts';

/**
 * The wrong-code limit cannot be dodged: a burst of guesses sent at once gets no more judged than the
 * limit (a try is taken before the code is judged), and an IPv6 client that walks its /64 is one client.
 */

const BURST = 1_000;

describe.each(testDatabaseKinds())('the wrong-code limit under bursts and many addresses on %s', (kind) => {
  const apps: TestApp[] = [];
  const sockets: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  /** A fresh app (a fresh counter) with a game and one valid code. */
  async function serve(env: Record<string, string> = {}) {
    const t = await buildTestApp({ kind, env });
    apps.push(t);
    const game = await buildGame(t.db);
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    return { t, game, code };
  }

  /** A wrong code over GET /api/games/{id}: judged (200, the public part without questions) or refused (429). */
  const guessOverHttp = async (t: TestApp, gameId: string, secret: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: { 'x-game-secret': secret, ...headers }, remoteAddress: '198.51.100.7' });
    if (res.statusCode === 429) return 'refused';
    expect(res.statusCode).toBe(200);
    return res.json().questions ? 'ok' : 'judged';
  };

  it(`one socket sending ${BURST} progress:watch with wrong codes at once gets at most ${WRONG_CODES_PER_WINDOW} judged, the rest refused`, async () => {
    const { t, game } = await serve();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectSocket(url, sockets);
    const acks: WatchAck[] = await Promise.all(
      Array.from({ length: BURST }, (_, i) => socket.timeout(60_000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: `BURST${i}XYZ` })),
    );
    const judged = acks.filter((ack) => !ack.ok && ack.code === 'wrong_code').length;
    const refused = acks.filter((ack) => !ack.ok && ack.code === 'rate_limited').length;
    expect(judged).toBeLessThanOrEqual(WRONG_CODES_PER_WINDOW);
    expect(refused).toBe(BURST - judged);
  }, 120_000);

  it(`${BURST} parallel HTTP requests with wrong codes from one address get at most ${WRONG_CODES_PER_WINDOW} judged, the rest 429`, async () => {
    const { t, game } = await serve();
    const outcomes = await Promise.all(Array.from({ length: BURST }, (_, i) => guessOverHttp(t, game.id, `PARALLEL${i}XYZ`)));
    const judged = outcomes.filter((o) => o === 'judged').length;
    expect(judged).toBeLessThanOrEqual(WRONG_CODES_PER_WINDOW);
    expect(outcomes.filter((o) => o === 'refused').length).toBe(BURST - judged);
  }, 120_000);

  it('right codes sent at once from an address with one try left all pass (none counted); the next wrong one blocks', async () => {
    const { t, game } = await serve();
    for (let i = 0; i < WRONG_CODES_PER_WINDOW - 1; i++) expect(await guessOverHttp(t, game.id, `NEARLY${i}XYZ`)).toBe('judged');
    // Forty players' own codes, none seen before (so none cached), at once.
    const codes = await Promise.all(Array.from({ length: 40 }, async () => (await buildCode(t.db, { gameId: game.id })).code));
    expect(await Promise.all(codes.map((code) => guessOverHttp(t, game.id, code)))).toEqual(Array(40).fill('ok'));
    expect(await guessOverHttp(t, game.id, 'LASTONEXYZ')).toBe('judged');
    expect(await guessOverHttp(t, game.id, codes[0])).toBe('refused');
  }, 60_000);

  it('an IPv6 client is counted by its /64: 30 addresses of one /64 share one allowance; another /64 is not blocked', async () => {
    // Behind one proxy (TRUST_PROXY=1): X-Forwarded-For names the client, as the load balancer saw it.
    const { t, game, code } = await serve({ TRUST_PROXY: '1' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const outcomes: string[] = [];
    for (let i = 1; i <= 30; i++) outcomes.push(await guessOverHttp(t, game.id, `SIXTY${i}XYZ`, from(`2001:db8:5:7::${i.toString(16)}`)));
    expect(outcomes.slice(0, WRONG_CODES_PER_WINDOW)).toEqual(Array(WRONG_CODES_PER_WINDOW).fill('judged'));
    expect(outcomes.slice(WRONG_CODES_PER_WINDOW)).toEqual(Array(30 - WRONG_CODES_PER_WINDOW).fill('refused'));
    // Other spellings of the same /64, a zone id on it, and the right code: still that client, still blocked.
    for (const ip of ['2001:0db8:0005:0007:ffff:ffff:ffff:ffff', '2001:DB8:5:7:1:2:3:4']) expect(await guessOverHttp(t, game.id, code, from(ip))).toBe('refused');
    // The neighbouring /64 is someone else.
    expect(await guessOverHttp(t, game.id, code, from('2001:db8:5:8::1'))).toBe('ok');
  });

  it('an IPv4-mapped IPv6 address is the IPv4 client', async () => {
    const { t, game, code } = await serve({ TRUST_PROXY: '1' });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) {
      expect(await guessOverHttp(t, game.id, `MAPPED${i}XYZ`, from(i % 2 ? '203.0.113.40' : '::ffff:203.0.113.40'))).toBe('judged');
    }
    expect(await guessOverHttp(t, game.id, code, from('203.0.113.40'))).toBe('refused');
    expect(await guessOverHttp(t, game.id, code, from('::ffff:203.0.113.40'))).toBe('refused');
    expect(await guessOverHttp(t, game.id, code, from('203.0.113.41'))).toBe('ok');
  });
});
