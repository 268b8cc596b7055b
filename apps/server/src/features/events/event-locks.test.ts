import {
  EVENT_FEED_EVENT,
  EVENT_POSITIONS_EVENT,
  EVENT_TEAM_EVENT,
  EVENT_WATCH_EVENT,
  TEAM_POSITION_EVENT,
  WATCH_EVENT,
  controlRoomSchema,
  progressSchema,
  type ControlRoom,
  type TeamPositionUpdate,
} from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildGame } from '../../test/factories.ts';
import { connectSocket, progressCall } from '../../test/player-calls.ts';
import { call, postJson } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { tokenFromMail } from '../account/test-support.ts';
import { WRONG_GUESSES_PER_MINUTE } from '../plays/guess-limit.ts';
import { TEAM_POSITION_MIN_GAP_MS } from './watch.ts';
import { createAdminCommand, type CliContext } from '../../cli.ts';
import { SOCKET_SESSION_CHECK_MS } from '../../platform/socket-sessions.ts';

const hour = 60 * 60_000;

// What an attacker tried on a live event: a session ended by a password reset (or the CLI's create-admin)
// that kept its socket's feed, a team's many phones sending positions, a disqualified team still drawn, quick guessing.
describe.each(testDatabaseKinds())('the locks of a live event on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let organiser: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    organiser = await userWithToken(t);
    // The questions are played each on its own here, so the game takes them in any order (plays/play-flow.test.ts holds the order).
    game = await buildGame(t.db, { userId: organiser.user.id, content: anyOrder() });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const waitFor = async (check: () => boolean, ms = 2000) => {
    const until = Date.now() + ms;
    while (!check() && Date.now() < until) await sleep(5);
    return check();
  };
  async function makeEvent(token = organiser.token): Promise<ControlRoom> {
    const body = { gameId: game.id, name: 'Class 7B', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 2 * hour).toISOString(), teamCount: 2 };
    const made = await call(t, 'POST', '/api/events', { token, body });
    expect(made.statusCode).toBe(200);
    return controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token })).json().data);
  }
  /** An organiser of their own, an event of one team on their game, and its control room's socket let in. */
  async function watchedOwnEvent(name: string) {
    const owner = await userWithToken(t);
    const own = await buildGame(t.db, { userId: owner.user.id });
    const made = await call(t, 'POST', '/api/events', {
      token: owner.token,
      body: { gameId: own.id, name, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount: 1 },
    });
    const room = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: owner.token })).json().data);
    const control = await connectSocket(url, sockets);
    expect(await control.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: owner.token })).toEqual({ ok: true });
    return { owner, own, room, team: room.teams[0]!, control };
  }
  const play = (code: string, body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: code, ...body });

  it('closes the control room’s socket when its organiser’s password is reset: no more feed or positions for the old session', async () => {
    const { owner, own, room, team, control } = await watchedOwnEvent('Reset');
    const got: string[] = [];
    control.onAny((name: string) => got.push(name));
    let closed = false;
    control.on('disconnect', () => {
      closed = true;
    });
    // It does see the feed while the session is good.
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: own.id, secretCode: team.code })).statusCode).toBe(200);
    expect(await waitFor(() => got.includes(EVENT_FEED_EVENT))).toBe(true);

    expect((await postJson(t.app, '/api/reset-password', { email: owner.user.email })).statusCode).toBe(200);
    const mails = (await t.readOutbox()).filter((mail) => mail.to === owner.user.email);
    const resetToken = tokenFromMail(mails.at(-1)!, `${t.config.publicUrl}/reset-password/${owner.user.id}/`);
    const reset = await postJson(t.app, '/api/update-password', { password: 'a-brand-new-password', id: owner.user.id, token: resetToken });
    expect(reset.json().data.status).toBe('OK');
    expect((await call(t, 'GET', `/api/events/${room.event.id}`, { token: owner.token })).statusCode).toBe(401);

    expect(await waitFor(() => closed)).toBe(true);
    got.length = 0;
    expect((await progressCall(t.app, { action: 'show-question-hint', gameId: own.id, secretCode: team.code, questionIndex: 0, hintIndex: 0 })).statusCode).toBe(200);
    await sleep(300);
    expect(got).toEqual([]);
    // A new socket with the old token joins nothing.
    const again = await connectSocket(url, sockets);
    expect(await again.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: owner.token })).toEqual({ ok: false, code: 'forbidden' });
  });

  it('closes the control room’s socket when create-admin sets its organiser’s password: the CLI only changes the database, the server notices', async () => {
    const { owner, own, room, team, control } = await watchedOwnEvent('CLI');
    // Another organiser's control room, whose session nothing changes, stays open.
    const bystander = await connectSocket(url, sockets);
    const other = await makeEvent();
    expect(await bystander.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: other.event.id, token: organiser.token })).toEqual({ ok: true });
    const got: string[] = [];
    control.onAny((name: string) => got.push(name));
    let closed = false;
    control.on('disconnect', () => {
      closed = true;
    });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: own.id, secretCode: team.code })).statusCode).toBe(200);
    expect(await waitFor(() => got.includes(EVENT_FEED_EVENT))).toBe(true);

    // The command as `npm run cli -- create-admin` runs it: it is given the database and nothing of the server.
    const cli: CliContext = {
      database: async () => t.db,
      config: () => {
        throw new Error('create-admin reads no configuration');
      },
      out: () => undefined,
    };
    await createAdminCommand(['--email', owner.user.email, '--password', 'set-by-the-cli-1'], cli);
    expect((await call(t, 'GET', `/api/events/${room.event.id}`, { token: owner.token })).statusCode).toBe(401);

    expect(await waitFor(() => closed, SOCKET_SESSION_CHECK_MS + 3000)).toBe(true);
    got.length = 0;
    expect((await progressCall(t.app, { action: 'show-question-hint', gameId: own.id, secretCode: team.code, questionIndex: 0, hintIndex: 0 })).statusCode).toBe(200);
    await sleep(300);
    expect(got).toEqual([]);
    expect(bystander.connected).toBe(true);
    // A new socket with the old token joins nothing; the new password's session does.
    const again = await connectSocket(url, sockets);
    expect(await again.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: owner.token })).toEqual({ ok: false, code: 'forbidden' });
    const login = await postJson(t.app, '/api/login', { email: owner.user.email, password: 'set-by-the-cli-1' });
    expect(await again.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: login.json().accessToken })).toEqual({ ok: true });
  }, 15_000);

  it('takes one position per team every two seconds whatever number of phones send them, and none once the team is disqualified', async () => {
    const room = await makeEvent();
    const [team, other] = room.teams;
    expect((await play(team!.code, { action: 'set-start-time' })).statusCode).toBe(200);
    const control = await connectSocket(url, sockets);
    expect(await control.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: organiser.token })).toEqual({ ok: true });
    const taken: TeamPositionUpdate[] = [];
    control.on(EVENT_POSITIONS_EVENT, (updates: TeamPositionUpdate[]) => taken.push(...updates.filter((update) => update.teamId === team!.id)));
    const phones = await Promise.all(Array.from({ length: 10 }, () => connectSocket(url, sockets)));
    for (const phone of phones) expect((await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: team!.code })).ok).toBe(true);

    // Ten phones at once, twice: one position is taken. (Both rounds go out together, so a late
    // timer on a busy machine cannot put them in two windows.)
    phones.forEach((phone, i) => phone.emit(TEAM_POSITION_EVENT, { lat: 32 + i / 100, lng: 34.78 }));
    phones.forEach((phone, i) => phone.emit(TEAM_POSITION_EVENT, { lat: 31 + i / 100, lng: 34.78 }));
    expect(await waitFor(() => taken.length > 0)).toBe(true);
    await sleep(300);
    expect(taken).toHaveLength(1);

    // Once the gap has passed the team may send again: a phone sends until one is taken, and one only.
    let sent = 0;
    while (taken.length < 2 && sent < (4 * TEAM_POSITION_MIN_GAP_MS) / 100) {
      phones[9]!.emit(TEAM_POSITION_EVENT, { lat: 30.5, lng: 34.5 });
      sent += 1;
      await sleep(100);
    }
    await sleep(300);
    expect(taken).toHaveLength(2);
    expect(taken[1]).toMatchObject({ lat: 30.5, lng: 34.5 });
    // Sent all along, it was taken only once the gap had passed.
    expect(sent).toBeGreaterThan(1);

    // Disqualified: off the map, and what its phones send is not taken.
    const drawn: unknown[] = [];
    control.on(EVENT_TEAM_EVENT, (changed: { id: string; position: unknown }) => {
      if (changed.id === team!.id) drawn.push(changed.position);
    });
    const out = await call(t, 'POST', `/api/events/${room.event.id}/teams/${team!.id}/disqualify`, { token: organiser.token });
    expect(out.json().data).toMatchObject({ disqualified: true, position: null });
    await sleep(TEAM_POSITION_MIN_GAP_MS + 100);
    phones[0]!.emit(TEAM_POSITION_EVENT, { lat: 29.5, lng: 34.9 });
    await sleep(300);
    expect(taken).toHaveLength(2);
    expect(drawn.every((position) => position === null)).toBe(true);
    const reread = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: organiser.token })).json().data);
    expect(reread.teams.find((row) => row.id === team!.id)?.position).toBeNull();
    expect(reread.teams.find((row) => row.id === other!.id)?.disqualified).toBe(false);
  }, 15_000);

  it('limits a team’s wrong answers at one question (not per address): a 429 that says to wait, the right answer too until then, other questions and teams untouched', async () => {
    const room = await makeEvent();
    const [team, other] = room.teams;
    for (const code of [team!.code, other!.code]) expect((await play(code, { action: 'set-start-time' })).statusCode).toBe(200);
    const answer = (code: string, questionIndex: number, typed: string) => play(code, { action: 'set-question-status', questionIndex, questionStatus: 'ANSWERED', answer: typed });
    // Each guess from another address (progressCall takes a new one each time).
    for (let i = 0; i < WRONG_GUESSES_PER_MINUTE; i++) expect((await answer(team!.code, 0, `${1900 + i}`)).json()).toMatchObject({ code: 'wrong_answer' });
    const refused = await answer(team!.code, 0, '1999');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_guesses', message: expect.stringMatching(/wait/i) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const right = game.content.questions[0]!.answer;
    const typed = right.kind === 'text' ? right.value.split(',')[0]! : '';
    expect((await answer(team!.code, 0, typed)).statusCode).toBe(429);
    const progress = progressSchema.parse((await play(team!.code, { action: 'get-game-progress' })).json());
    expect(progress.questions[0]).toMatchObject({ status: null, wrongAttempts: WRONG_GUESSES_PER_MINUTE });

    expect((await answer(team!.code, 1, 'not it')).json()).toMatchObject({ code: 'wrong_answer' });
    expect((await answer(other!.code, 0, 'not it')).json()).toMatchObject({ code: 'wrong_answer' });
    expect((await answer(other!.code, 0, typed)).statusCode).toBe(200);
  });
});
