import {
  EVENT_FEED_EVENT,
  EVENT_POSITIONS_EVENT,
  EVENT_POSITION_KEEP_MS,
  EVENT_TEAMS_MAX,
  EVENT_TEAM_EVENT,
  EVENT_WATCH_EVENT,
  TEAM_POSITION_EVENT,
  TEAM_VIEW_EVENT,
  WATCH_EVENT,
  controlRoomSchema,
  gameReplySchema,
  progressSchema,
  teamViewSchema,
  type ControlRoom,
  type EventTeam,
  type FeedItem,
  type TeamPositionUpdate,
  type TeamView,
} from '@streethunt/shared';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { eventTeams, events, gameCodes, plays } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildCode, buildGame } from '../../test/factories.ts';
import { connectSocket, getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { forgetOldPositions } from './service.ts';
import { roomSnapshots } from './room-snapshot.ts';
import { forgetEventTeams } from './team-of-code.ts';

const hour = 60 * 60_000;
const eventBody = (gameId: string, extra: Record<string, unknown> = {}) => ({
  gameId,
  name: 'Class 7B',
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 2 * hour).toISOString(),
  teamCount: 3,
  ...extra,
});

describe.each(testDatabaseKinds())('events on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let stranger: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await userWithToken(t);
    stranger = await userWithToken(t);
    // The questions are played each on its own here, so the game takes them in any order (plays/play-flow.test.ts holds the order).
    game = await buildGame(t.db, { userId: creator.user.id, content: anyOrder() });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const waitFor = async (check: () => boolean, ms = 1000) => {
    const until = Date.now() + ms;
    while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    return check();
  };
  async function makeEvent(extra: Record<string, unknown> = {}) {
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body: eventBody(game.id, extra) });
    expect(made.statusCode).toBe(200);
    const room = await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token });
    return controlRoomSchema.parse(room.json().data);
  }
  const codeRow = async (code: string) => (await t.db.select().from(gameCodes).where(eq(gameCodes.code, code)))[0];
  const teamCall = (path: string, code: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/event-team${path}`, { body: { gameId: game.id, secretCode: code, ...extra } });

  it('makes an event of a published game with one code per team; only its organiser (or an admin) opens it', async () => {
    const room = await makeEvent();
    expect(room.event).toMatchObject({ gameId: game.id, gameName: game.content.metadata.name, name: 'Class 7B', teamCount: 3, endedAt: null, showLeaderboard: true });
    expect(room.teams).toHaveLength(3);
    expect(new Set(room.teams.map((team) => team.code)).size).toBe(3);
    expect(room.teams[0]).toMatchObject({ name: null, startTime: null, score: 0, position: null, questionCount: game.content.questions.length });
    expect(room.feed).toEqual([]);

    const listed = await call(t, 'GET', '/api/events', { token: creator.token });
    expect(listed.json().data.map((e: { id: string }) => e.id)).toContain(room.event.id);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect((await call(t, 'GET', '/api/events', { token: stranger.token })).json().data).toEqual([]);
    expect((await call(t, 'GET', `/api/events/${room.event.id}`, { token: stranger.token })).json()).toMatchObject({ code: 'not_found' });
    expect((await call(t, 'GET', `/api/events/${room.event.id}`)).statusCode).toBe(401);
    const admin = await userWithToken(t, { role: 'admin' });
    expect((await call(t, 'GET', `/api/events/${room.event.id}`, { token: admin.token })).statusCode).toBe(200);
  });

  it('refuses a start after the end, more than 200 teams, a draft game and a game of someone else, changing nothing', async () => {
    const before = (await call(t, 'GET', '/api/events', { token: creator.token })).json().data.length;
    const backwards = await call(t, 'POST', '/api/events', {
      token: creator.token,
      body: eventBody(game.id, { startsAt: new Date(Date.now() + hour).toISOString(), endsAt: new Date().toISOString() }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/start before it ends/) });
    expect((await call(t, 'POST', '/api/events', { token: creator.token, body: eventBody(game.id, { teamCount: EVENT_TEAMS_MAX + 1 }) })).json()).toMatchObject({ code: 'validation' });
    const draft = await buildGame(t.db, { userId: creator.user.id, status: 'DRAFT' });
    expect((await call(t, 'POST', '/api/events', { token: creator.token, body: eventBody(draft.id) })).json()).toMatchObject({ code: 'conflict' });
    expect((await call(t, 'POST', '/api/events', { token: stranger.token, body: eventBody(game.id) })).json()).toMatchObject({ code: 'not_found' });
    expect((await call(t, 'GET', '/api/events', { token: creator.token })).json().data).toHaveLength(before);
  });

  it('a team names itself once per event (letters, digits, a few marks); an ordinary code is no team', async () => {
    const room = await makeEvent();
    const [first, second] = room.teams;
    const ordinary = await buildCode(t.db, { gameId: game.id });
    expect((await teamCall('', ordinary.code)).json()).toEqual({ data: null });
    // A team's phone gets no answer hashes to try offline: the server judges every answer of an event.
    const sealed = gameReplySchema.parse((await getGame(t.app, game.id, { secret: first.code })).json());
    expect(sealed.questions?.length).toBeGreaterThan(0);
    for (const question of sealed.questions ?? []) {
      expect(question.answer).toMatchObject({ hashes: [], askServer: true, contentAfterAnswer: '' });
      for (const hint of question.hints) expect(hint).toMatchObject({ content: '', sealed: true });
    }
    const open = gameReplySchema.parse((await getGame(t.app, game.id, { secret: ordinary.code })).json());
    expect(open.questions?.[0].answer.hashes.length).toBeGreaterThan(0);
    expect((await teamCall('', 'NOSUCHCODE')).json()).toMatchObject({ code: 'wrong_code' });

    expect((await teamCall('/name', first.code, { name: '<b>x</b>' })).json()).toMatchObject({ code: 'validation' });
    expect((await teamCall('/name', first.code, { name: 'a' })).statusCode).toBe(400);
    const named = await teamCall('/name', first.code, { name: 'הנמרים 7' });
    expect(named.statusCode).toBe(200);
    expect(teamViewSchema.parse(named.json().data)).toMatchObject({ eventId: room.event.id, teamName: 'הנמרים 7', teamId: first.id, endedAt: null });
    expect((await teamCall('/name', second.code, { name: 'הנמרים 7' })).json()).toMatchObject({ code: 'conflict' });
    expect((await teamCall('/name', ordinary.code, { name: 'Lions' })).statusCode).toBe(404);
    const view = teamViewSchema.parse((await teamCall('', first.code)).json().data);
    expect(view.leaderboard?.map((r) => r.name)).toEqual(['הנמרים 7']);
  });

  it('a team that never finished keeps the score it had at the event’s end: its minutes stop counting then', async () => {
    const room = await makeEvent({ startsAt: new Date(Date.now() - 3 * hour).toISOString() });
    const [team] = room.teams;
    await teamCall('/name', team.code, { name: 'Owls' });
    const play = (body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...body });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    const answer = game.content.questions[0].answer;
    const typed = answer.kind === 'text' ? answer.value.split(',')[0] : '';
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    // Started 90 minutes ago; the event ran out 30 minutes ago: 60 minutes count, not 90.
    await t.db.update(plays).set({ startTime: new Date(Date.now() - 90 * 60_000) }).where(eq(plays.codeId, (await codeRow(team.code)).id));
    await t.db.update(events).set({ endsAt: new Date(Date.now() - 30 * 60_000) }).where(eq(events.id, room.event.id));
    // The rows were changed behind the app's back: its copies are dropped as a change of the event would.
    forgetEventTeams(t.db, room.event.id);
    roomSnapshots(t.db, t.app.services.realtime).drop(room.event.id);
    const read = async () => controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data);
    const ended = (await read()).teams.find((one) => one.id === team.id);
    expect(ended?.score).toBe(100 - 60);
    const view = teamViewSchema.parse((await teamCall('', team.code)).json().data);
    expect(view.leaderboard?.find((row) => row.teamId === team.id)?.score).toBe(100 - 60);
  });

  it('with a time per team, each team plays that long from its own start: then its play stops, its phone is told, its score stays', async () => {
    expect((await call(t, 'POST', '/api/events', { token: creator.token, body: eventBody(game.id, { timeLimitMinutes: 2 }) })).json()).toMatchObject({ code: 'validation' });
    const room = await makeEvent({ timeLimitMinutes: 30 });
    expect(room.event.timeLimitMinutes).toBe(30);
    const [late, fresh] = room.teams;
    await teamCall('/name', late.code, { name: 'Late owls' });
    const play = (code: string, body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: code, ...body });
    expect((await play(late.code, { action: 'set-start-time' })).statusCode).toBe(200);
    const answer = game.content.questions[0].answer;
    const typed = answer.kind === 'text' ? answer.value.split(',')[0] : '';
    expect((await play(late.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    expect((await play(late.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    // Started 40 minutes ago: its 30 minutes ran out 10 minutes ago.
    const startedAt = new Date(Date.now() - 40 * 60_000);
    await t.db.update(plays).set({ startTime: startedAt }).where(eq(plays.codeId, (await codeRow(late.code)).id));
    const ownEnd = new Date(startedAt.getTime() + 30 * 60_000).toISOString();
    const refused = await play(late.code, { action: 'show-question-hint', questionIndex: 1, hintIndex: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', message: expect.any(String) });
    expect(teamViewSchema.parse((await teamCall('', late.code)).json().data)).toMatchObject({ endsAt: ownEnd, endedAt: ownEnd, timeUp: true });
    // The rows were changed behind the app's back: its copies are dropped as a change of the event would.
    forgetEventTeams(t.db, room.event.id);
    roomSnapshots(t.db, t.app.services.realtime).drop(room.event.id);
    const teams = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data).teams;
    expect(teams.find((one) => one.id === late.id)?.score).toBe(100 - 30);
    // Another team's time starts with its own start.
    expect(teamViewSchema.parse((await teamCall('', fresh.code)).json().data)).toMatchObject({ endsAt: room.event.endsAt, endedAt: null });
    expect((await play(fresh.code, { action: 'set-start-time' })).statusCode).toBe(200);
    const freshView = teamViewSchema.parse((await teamCall('', fresh.code)).json().data);
    expect(Date.parse(freshView.endsAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(freshView.endsAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(freshView.endedAt).toBeNull();

    // More time is more time for every team: each one's own time grows with the event's end, so the
    // team whose 30 minutes ran out 10 minutes ago has 5 minutes again.
    const extended = await call(t, 'POST', `/api/events/${room.event.id}/extend`, { token: creator.token, body: { minutes: 15 } });
    expect(extended.json().data).toMatchObject({ timeLimitMinutes: 45, endsAt: new Date(Date.parse(room.event.endsAt) + 15 * 60_000).toISOString() });
    expect(teamViewSchema.parse((await teamCall('', late.code)).json().data)).toMatchObject({ endsAt: new Date(startedAt.getTime() + 45 * 60_000).toISOString(), endedAt: null });
    expect((await play(late.code, { action: 'show-question-hint', questionIndex: 1, hintIndex: 0 })).statusCode).toBe(200);
    expect(Date.parse(teamViewSchema.parse((await teamCall('', fresh.code)).json().data).endsAt)).toBe(Date.parse(freshView.endsAt) + 15 * 60_000);
  });

  it('the server counts an event team’s wrong attempts as it judges them, and takes no count from the phone', async () => {
    const room = await makeEvent();
    const [team] = room.teams;
    const play = (body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...body });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    for (const attempt of ['not it', 'nor this']) {
      const wrong = await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: attempt });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'wrong_answer' });
    }
    const read = async () => progressSchema.parse((await play({ action: 'get-game-progress' })).json());
    expect((await read()).questions[0].wrongAttempts).toBe(2);
    const answer = game.content.questions[0].answer;
    const typed = answer.kind === 'text' ? answer.value.split(',')[0] : '';
    // The phone says it had none: the server's count stands.
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed, wrongAttempts: 0 })).statusCode).toBe(200);
    const after = await read();
    expect(after.questions[0]).toMatchObject({ status: 'ANSWERED', wrongAttempts: 2 });
    // A wrong try at an answered question counts nothing more.
    await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'late' });
    expect((await read()).questions[0].wrongAttempts).toBe(2);
  });

  it('the control room sees a team’s start, hint, answer and position within a second; its phones get the organiser’s message', async () => {
    const room = await makeEvent();
    const [team, other] = room.teams;
    await teamCall('/name', team.code, { name: 'Foxes' });
    const [control, phone, otherPhone, strangerSocket] = await Promise.all([0, 1, 2, 3].map(() => connectSocket(url, sockets)));
    expect(await control.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: creator.token })).toEqual({ ok: true });
    expect(await strangerSocket.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: stranger.token })).toEqual({ ok: false, code: 'forbidden' });
    expect(await strangerSocket.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: 'nonsense' })).toEqual({ ok: false, code: 'forbidden' });
    const teams: EventTeam[] = [];
    const feed: FeedItem[] = [];
    const strangerGot: unknown[] = [];
    control.on(EVENT_TEAM_EVENT, (changed: EventTeam) => teams.push(changed));
    control.on(EVENT_FEED_EVENT, (item: FeedItem) => feed.push(item));
    const positions: TeamPositionUpdate[] = [];
    control.on(EVENT_POSITIONS_EVENT, (updates: TeamPositionUpdate[]) => positions.push(...updates));
    strangerSocket.onAny((name: string, payload: unknown) => strangerGot.push([name, payload]));

    expect((await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: team.code })).ok).toBe(true);
    expect((await otherPhone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: other.code })).ok).toBe(true);
    const views: TeamView[] = [];
    const otherViews: TeamView[] = [];
    phone.on(TEAM_VIEW_EVENT, (view: TeamView) => views.push(view));
    otherPhone.on(TEAM_VIEW_EVENT, (view: TeamView) => otherViews.push(view));

    const play = (body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...body });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    expect(await waitFor(() => feed.some((f) => f.kind === 'started'))).toBe(true);
    expect((await play({ action: 'show-question-hint', questionIndex: 0, hintIndex: 0 })).statusCode).toBe(200);
    // The hint opened is the one hint whose text the team's phone now gets.
    const reply = gameReplySchema.parse((await getGame(t.app, game.id, { secret: team.code })).json());
    expect(reply.questions?.[0].hints[0]).toEqual({ id: game.content.questions[0].hints[0].id, content: game.content.questions[0].hints[0].content, ...(game.content.questions[0].hints[0].title !== undefined && { title: game.content.questions[0].hints[0].title }) });
    expect(reply.questions?.flatMap((q) => q.hints).filter((hint) => !hint.sealed)).toHaveLength(1);
    const answer = game.content.questions[0].answer;
    expect(answer.kind).toBe('text');
    const typed = answer.kind === 'text' ? answer.value.split(',')[0] : '';
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    expect(await waitFor(() => feed.some((f) => f.kind === 'answered'))).toBe(true);
    expect(feed.map((f) => [f.kind, f.teamId, f.questionNumber])).toEqual([
      ['started', team.id, null],
      ['hint', team.id, 1],
      ['answered', team.id, 1],
    ]);
    expect(teams.at(-1)).toMatchObject({ id: team.id, name: 'Foxes', answered: 0, hints: 1 });
    expect(teams.at(-1)?.statuses.slice(0, 2)).toEqual(['ANSWERED', null]);

    const movedAt = Date.now();
    phone.emit(TEAM_POSITION_EVENT, { lat: 32.08, lng: 34.78 });
    expect(await waitFor(() => positions.length > 0)).toBe(true);
    expect(Date.now() - movedAt).toBeLessThan(1000);
    expect(positions).toEqual([{ teamId: team.id, lat: 32.08, lng: 34.78, at: expect.any(String) }]);
    // The control room read now has it, and a change of the team after it keeps it.
    const withPosition = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data);
    expect(withPosition.teams.find((one) => one.id === team.id)?.position).toMatchObject({ lat: 32.08, lng: 34.78 });
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    expect(await waitFor(() => teams.at(-1)?.statuses[0] === 'DONE')).toBe(true);
    expect(teams.at(-1)?.position).toMatchObject({ lat: 32.08, lng: 34.78 });

    const toTeam = await call(t, 'POST', `/api/events/${room.event.id}/messages`, { token: creator.token, body: { text: 'Come back to the square <now>', teamId: team.id } });
    expect(toTeam.json().data).toMatchObject({ kind: 'message', teamId: team.id, text: 'Come back to the square <now>' });
    expect(await waitFor(() => views.length === 1)).toBe(true);
    expect(views[0].messages).toEqual([expect.objectContaining({ text: 'Come back to the square <now>', toTeam: true })]);
    await call(t, 'POST', `/api/events/${room.event.id}/messages`, { token: creator.token, body: { text: 'Ten minutes left' } });
    expect(await waitFor(() => views.length === 2 && otherViews.length === 1)).toBe(true);
    expect(otherViews[0].messages.map((m) => m.text)).toEqual(['Ten minutes left']);
    expect((await call(t, 'POST', `/api/events/${room.event.id}/messages`, { token: stranger.token, body: { text: 'hi' } })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/events/${room.event.id}/messages`, { token: creator.token, body: { text: 'x', teamId: 'nosuchteam' } })).statusCode).toBe(404);
    expect(strangerGot).toEqual([]);

    const report = await call(t, 'POST', '/api/game/report', { body: { gameId: game.id, gameSecret: team.code, questionId: 2, message: 'The sign is gone' } });
    expect(report.statusCode).toBe(200);
    expect(await waitFor(() => feed.some((f) => f.kind === 'problem'))).toBe(true);
    expect(feed.at(-1)).toMatchObject({ kind: 'problem', teamId: team.id, questionNumber: 2, text: 'The sign is gone' });

    const reread = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data);
    expect(reread.feed.map((f) => f.kind)).toEqual(['problem', 'message', 'message', 'answered', 'hint', 'started', 'named']);
  });

  it('ends once: every phone gets the final ranking; later positions are not taken, and positions go a day after the end', async () => {
    const room: ControlRoom = await makeEvent({ showLeaderboard: false });
    const [team] = room.teams;
    await teamCall('/name', team.code, { name: 'Owls' });
    expect(teamViewSchema.parse((await teamCall('', team.code)).json().data).leaderboard).toBeNull();
    const phone = await connectSocket(url, sockets);
    await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: team.code });
    const views: TeamView[] = [];
    phone.on(TEAM_VIEW_EVENT, (view: TeamView) => views.push(view));
    phone.emit(TEAM_POSITION_EVENT, { lat: 31.77, lng: 35.21 });
    // Positions are written a batch at a time, every second.
    const storedLat = async () => (await t.db.select().from(eventTeams).where(eq(eventTeams.id, team.id)))[0].lat;
    const until = Date.now() + 3000;
    while ((await storedLat()) !== 31.77 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await storedLat()).toBe(31.77);

    const ended = await call(t, 'POST', `/api/events/${room.event.id}/end`, { token: creator.token });
    expect(ended.json().data.endedAt).not.toBeNull();
    expect(await waitFor(() => views.length === 1)).toBe(true);
    expect(views[0].endedAt).not.toBeNull();
    expect(views[0].leaderboard).toEqual([expect.objectContaining({ name: 'Owls', rank: 1 })]);
    expect((await teamCall('/name', team.code, { name: 'Late' })).json()).toMatchObject({ code: 'conflict' });
    // Another phone of the team (each socket may send every 2 s): after the end its position is not kept.
    const secondPhone = await connectSocket(url, sockets);
    await secondPhone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: team.code });
    secondPhone.emit(TEAM_POSITION_EVENT, { lat: 29.55, lng: 34.95 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await t.db.select().from(eventTeams).where(eq(eventTeams.id, team.id)))[0].lat).toBe(31.77);

    expect(await forgetOldPositions(t.db, new Date(Date.now() + EVENT_POSITION_KEEP_MS - 60_000))).toBe(0);
    expect(await forgetOldPositions(t.db, new Date(Date.now() + EVENT_POSITION_KEEP_MS + 60_000))).toBeGreaterThanOrEqual(1);
    const [forgotten] = await t.db.select().from(eventTeams).where(eq(eventTeams.id, team.id));
    expect(forgotten).toMatchObject({ lat: null, lng: null, positionAt: null });
  });

  it('a team plays from the start to the end: not before, not once disqualified (403 team_disqualified, a new phone too), not after; more time moves the end', async () => {
    const later = await makeEvent({ startsAt: new Date(Date.now() + hour).toISOString() });
    const early = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: later.teams[0].code });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/starts at/);

    const room = await makeEvent();
    const [cheat, fair] = room.teams;
    await teamCall('/name', cheat.code, { name: 'Cheats' });
    await teamCall('/name', fair.code, { name: 'Fair' });
    const start = (code: string) => progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code });
    expect((await start(cheat.code)).statusCode).toBe(200);
    expect((await start(fair.code)).statusCode).toBe(200);
    const out = await call(t, 'POST', `/api/events/${room.event.id}/teams/${cheat.id}/disqualify`, { token: creator.token });
    expect(out.json().data).toMatchObject({ id: cheat.id, disqualified: true });
    expect((await call(t, 'POST', `/api/events/${room.event.id}/teams/${cheat.id}/disqualify`, { token: stranger.token })).statusCode).toBe(404);
    const hint = (code: string) => progressCall(t.app, { action: 'show-question-hint', gameId: game.id, secretCode: code, questionIndex: 0, hintIndex: 0 });
    // The organiser pushes a hint: the team's play has it open, the room's count too; not for a disqualified team.
    const push = (teamId: string, body: Record<string, unknown>, token = creator.token) => call(t, 'POST', `/api/events/${room.event.id}/teams/${teamId}/hint`, { token, body });
    const pushed = await push(fair.id, { questionIndex: 1, hintIndex: 1 });
    expect(pushed.json().data).toMatchObject({ id: fair.id, hints: 1 });
    expect((await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: fair.code })).json().questions[1].hints).toEqual([{ isOpen: false }, { isOpen: true }]);
    expect((await push(fair.id, { questionIndex: 1, hintIndex: 9 })).statusCode).toBe(400);
    expect((await push(cheat.id, { questionIndex: 1, hintIndex: 0 })).json()).toMatchObject({ code: 'team_disqualified' });
    expect((await push(fair.id, { questionIndex: 1, hintIndex: 0 }, stranger.token)).statusCode).toBe(404);
    const roomNow = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data);
    expect(roomNow.hintCounts).toEqual(game.content.questions.map((q) => q.hints.length));
    // Where a pushed hint starts: the question the flow suggests to each team, named by id in the room's list.
    expect(roomNow.questionIds).toEqual(game.content.questions.map((q) => q.id));
    const fairFlow = (await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: fair.code })).json().flow;
    expect(roomNow.teams.find((team) => team.id === fair.id)?.next).toBe(fairFlow.next);
    expect(roomNow.questionIds).toContain(fairFlow.next);
    expect((await hint(cheat.code)).json()).toMatchObject({ code: 'team_disqualified' });
    // A new phone entering the team's code is told the team was disqualified: its own code, never 'wrong code'.
    const newPhone = await start(cheat.code);
    expect(newPhone.statusCode).toBe(403);
    expect(newPhone.json()).toEqual({ code: 'team_disqualified', message: 'This team was disqualified by the organiser' });
    expect((await hint(fair.code)).statusCode).toBe(200);
    // Reading its progress is still allowed: the phone shows why it stopped.
    expect((await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: cheat.code })).statusCode).toBe(200);
    const view = teamViewSchema.parse((await teamCall('', fair.code)).json().data);
    expect(view.leaderboard?.map((r) => r.name)).toEqual(['Fair']);

    const endsAt = Date.parse(room.event.endsAt);
    const extended = await call(t, 'POST', `/api/events/${room.event.id}/extend`, { token: creator.token, body: { minutes: 15 } });
    expect(Date.parse(extended.json().data.endsAt) - endsAt).toBe(15 * 60_000);
    expect((await call(t, 'POST', `/api/events/${room.event.id}/extend`, { token: creator.token, body: { minutes: 0 } })).statusCode).toBe(400);
    await call(t, 'POST', `/api/events/${room.event.id}/end`, { token: creator.token });
    expect((await hint(fair.code)).json()).toMatchObject({ code: 'conflict', message: 'The event has ended' });
    expect((await call(t, 'POST', `/api/events/${room.event.id}/extend`, { token: creator.token, body: { minutes: 5 } })).statusCode).toBe(409);
  });
});
