import { EVENT_RANKING_EVENT, RANKING_TOP, TEAM_VIEW_EVENT, WATCH_EVENT, controlRoomSchema, teamViewSchema, type EventRanking, type TeamView } from '@streethunt/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { createLocalWindowCounter } from '../../platform/shared-state/window-counter.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { connectSocket, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, photo } from '../media/test-support.ts';
import { RANKING_PUSH_MS, RankingPusher, rankingWindowMs } from './ranking-push.ts';

const hour = 60 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the ranking pusher', () => {
  // The pusher's windows are on the clock: a fake clock makes the tests exact on a busy machine, where
  // a timer may fire hundreds of milliseconds late.
  const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  beforeAll(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterAll(() => void vi.useRealTimers());

  it('pushes a big event’s whole ranking further apart: 2 s up to 200 teams, then 10 ms a team, at most 10 s', () => {
    expect([3, 200, 500, 1000, 5000].map(rankingWindowMs)).toEqual([2_000, 2_000, 5_000, 10_000, 10_000]);
  });

  it('makes one push per window for every change in it, across two processes sharing the window count', async () => {
    const shared = createLocalWindowCounter();
    const pushed: Array<{ by: string; at: number }> = [];
    const pusher = (by: string) => new RankingPusher(shared, async () => void pushed.push({ by, at: Date.now() }), (error) => expect.fail(String(error)), 200);
    const [a, b] = [pusher('a'), pusher('b')];
    // Ten changes on each process within one window.
    for (let i = 0; i < 10; i++) {
      a.changed('event-1');
      b.changed('event-1');
    }
    await advance(700);
    expect(pushed).toHaveLength(1);
    // Another window, another push; an event of its own pushes on its own.
    b.changed('event-1');
    a.changed('event-2');
    await advance(700);
    expect(pushed).toHaveLength(3);
    a.stop();
    b.stop();
  });

  it('pushes a change that came on the losing process just before the push again in the next window', async () => {
    const shared = createLocalWindowCounter();
    const pushed: string[] = [];
    const windowMs = 300;
    const a = new RankingPusher(shared, async () => void pushed.push('a'), () => undefined, windowMs);
    const b = new RankingPusher(shared, async () => void pushed.push('b'), () => undefined, windowMs);
    // Both change in one window; a's timer was first, so a pushes. b changes again after the window's
    // end, 100 ms before the push: its word might not be in a's read, so b pushes it in the next window.
    await advance(windowMs - (Date.now() % windowMs) + 5);
    a.changed('event-1');
    b.changed('event-1');
    const end = Math.ceil(Date.now() / windowMs) * windowMs;
    await advance(end + 100 - Date.now());
    b.changed('event-1');
    await advance(250);
    expect(pushed).toEqual(['a']);
    await advance(windowMs + 200);
    expect(pushed).toEqual(['a', 'b']);
    a.stop();
    b.stop();
  });
});

const photoQuestion = { id: 'qp1', content: '<p>A selfie</p>', location: null, answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' }, hints: [] };

describe.each(testDatabaseKinds())('the ranking on the teams’ phones on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await userWithToken(t);
    // Played in any order: a team sends the photo without playing the questions before it.
    game = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...gameContent().metadata, order: 'free' }, questions: [...gameContent().questions.slice(0, 2), photoQuestion] } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const waitFor = async (check: () => boolean, ms = 2 * RANKING_PUSH_MS + 1000) => {
    const until = Date.now() + ms;
    while (!check() && Date.now() < until) await sleep(10);
    return check();
  };
  async function makeEvent(extra: Record<string, unknown> = {}) {
    const body = { gameId: game.id, name: 'Class 7B', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 2 * hour).toISOString(), teamCount: 3, ...extra };
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body });
    expect(made.statusCode).toBe(200);
    return controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token })).json().data);
  }
  const play = (code: string, body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: code, ...body });
  const name = (code: string, teamName: string) => call(t, 'POST', '/api/event-team/name', { body: { gameId: game.id, secretCode: code, name: teamName } });
  async function watch(code: string) {
    const phone = await connectSocket(url, sockets);
    expect((await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: code })).ok).toBe(true);
    const rankings: EventRanking[] = [];
    const views: TeamView[] = [];
    phone.on(EVENT_RANKING_EVENT, (ranking: EventRanking) => rankings.push(ranking));
    phone.on(TEAM_VIEW_EVENT, (view: TeamView) => views.push(view));
    return { rankings, views };
  }
  const typed = () => {
    const answer = game.content.questions[0].answer;
    return answer.kind === 'text' ? answer.value.split(',')[0] : '';
  };

  it('another team’s answer reaches every phone of the event as one coalesced push, with no organiser action', async () => {
    const room = await makeEvent();
    const [fast, slow, idle] = room.teams;
    await name(fast.code, 'Foxes');
    await name(slow.code, 'Owls');
    await name(idle.code, 'Bears');
    const [slowPhone, idlePhone] = [await watch(slow.code), await watch(idle.code)];
    const elsewhere = await makeEvent();
    const otherEvent = await watch(elsewhere.teams[0].code);
    // The naming's own pushes drain first (two windows: a busy machine fires timers late).
    await sleep(2 * RANKING_PUSH_MS + 500);
    slowPhone.rankings.length = 0;
    idlePhone.rankings.length = 0;

    expect((await play(fast.code, { action: 'set-start-time' })).statusCode).toBe(200);
    expect((await play(fast.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed() })).statusCode).toBe(200);
    expect((await play(fast.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    expect(await waitFor(() => slowPhone.rankings.length > 0 && idlePhone.rankings.length > 0)).toBe(true);
    // The three changes' pushes are in after a window (that they share windows is the fake-clock test's to prove).
    await sleep(RANKING_PUSH_MS + 300);
    const last = slowPhone.rankings.at(-1)!;
    expect(last).toMatchObject({ eventId: room.event.id, final: false });
    const scores = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${room.event.id}`, { token: creator.token })).json().data).teams;
    expect(last.leaderboard[0]).toMatchObject({ teamId: fast.id, name: 'Foxes', rank: 1, score: scores.find((team) => team.id === fast.id)?.score });
    expect(idlePhone.rankings.at(-1)).toEqual(last);
    // Another event's phone hears nothing of it.
    expect(otherEvent.rankings).toEqual([]);
    // The phone's read agrees with the push.
    expect(teamViewSchema.parse((await call(t, 'POST', '/api/event-team', { body: { gameId: game.id, secretCode: slow.code } })).json().data).leaderboard).toEqual(last.leaderboard);
  });

  it('each team gets the first ten rows and its own, with the number of teams ranked, not the whole ranking', async () => {
    const room = await makeEvent({ teamCount: 12 });
    const [last, ...others] = room.teams;
    await Promise.all(room.teams.map((team, i) => name(team.code, `Team ${String(i).padStart(2, '0')}`)));
    // Eleven teams answer and score; the twelfth has not started.
    for (const team of others) {
      expect((await play(team.code, { action: 'set-start-time' })).statusCode).toBe(200);
      expect((await play(team.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed() })).statusCode).toBe(200);
      expect((await play(team.code, { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    }
    const [lastPhone, firstPhone] = [await watch(last.code), await watch(others[0].code)];
    expect((await play(others[0].code, { action: 'set-question-status', questionIndex: 1, questionStatus: 'STARTED' })).statusCode).toBe(200);
    expect(await waitFor(() => lastPhone.rankings.length > 0 && firstPhone.rankings.length > 0)).toBe(true);

    const own = lastPhone.rankings.at(-1)!;
    expect(own.rankedTeams).toBe(12);
    expect(own.leaderboard).toHaveLength(RANKING_TOP + 1);
    expect(own.leaderboard.at(-1)).toMatchObject({ teamId: last.id, rank: 12 });
    const top = firstPhone.rankings.at(-1)!;
    expect(top.rankedTeams).toBe(12);
    expect(top.leaderboard).toHaveLength(RANKING_TOP);
    expect(top.leaderboard.some((row) => row.teamId === last.id)).toBe(false);
    expect(own.leaderboard.slice(0, RANKING_TOP)).toEqual(top.leaderboard);
    // The phone's read gives the same rows.
    const view = teamViewSchema.parse((await call(t, 'POST', '/api/event-team', { body: { gameId: game.id, secretCode: last.code } })).json().data);
    expect(view).toMatchObject({ leaderboard: own.leaderboard, rankedTeams: 12 });
  });

  it('an event that hides its ranking pushes none while it runs; after the end, a photo judged late pushes the changed final ranking', async () => {
    const room = await makeEvent({ showLeaderboard: false });
    const [team, other] = room.teams;
    await name(team.code, 'Foxes');
    await name(other.code, 'Owls');
    const phone = await watch(other.code);
    expect((await play(team.code, { action: 'set-start-time' })).statusCode).toBe(200);
    const parts = [
      { name: 'gameId', data: game.id },
      { name: 'secretCode', data: team.code },
      { name: 'questionId', data: 'qp1' },
      { name: 'file', data: await photo({ width: 200, height: 100 }), filename: 'a.jpg', type: 'image/jpeg' },
    ];
    expect((await t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE } })).statusCode).toBe(200);
    await sleep(RANKING_PUSH_MS + 500);
    expect(phone.rankings).toEqual([]);

    expect((await call(t, 'POST', `/api/events/${room.event.id}/end`, { token: creator.token })).statusCode).toBe(200);
    expect(await waitFor(() => phone.views.length === 1)).toBe(true);
    const before = phone.views[0].leaderboard!.find((row) => row.teamId === team.id)!.score;
    const photos = (await call(t, 'GET', `/api/events/${room.event.id}/photos`, { token: creator.token })).json().data as Array<{ id: string }>;
    expect((await call(t, 'POST', `/api/play-photos/${photos[0].id}/judge`, { token: creator.token, body: { status: 'accepted', points: 80 } })).statusCode).toBe(200);
    expect(await waitFor(() => phone.rankings.length > 0)).toBe(true);
    const late = phone.rankings.at(-1)!;
    expect(late.final).toBe(true);
    // The score it had at the end, plus the photo's points: no minutes lost since.
    expect(late.leaderboard.find((row) => row.teamId === team.id)?.score).toBe(before + 80);
  });

  it('a team with its own time gets its own end on its phones as it starts', async () => {
    const room = await makeEvent({ timeLimitMinutes: 5 });
    const [team] = room.teams;
    await name(team.code, 'Foxes');
    const phone = await watch(team.code);
    expect((await play(team.code, { action: 'set-start-time' })).statusCode).toBe(200);
    expect(await waitFor(() => phone.views.length > 0, 2000)).toBe(true);
    const left = Date.parse(phone.views[0].endsAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
  });
});
