import { controlRoomSchema, progressSchema, teamViewSchema, type TeamView } from '@streethunt/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { events, gameCodes, plays } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, gameContent } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { MULTIPART_TYPE, multipartBody, photo, type FormPart } from '../media/test-support.ts';
import { progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { PLAY_CACHE_MS } from '../plays/play-cache.ts';
import { roomSnapshots } from './room-snapshot.ts';
import { forgetEventTeams } from './team-of-code.ts';

const hour = 60 * 60_000;

describe.each(testDatabaseKinds())('an event’s teams as the control room and the phones read them, on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await userWithToken(t);
    game = await buildGame(t.db, { userId: creator.user.id });
  });
  afterAll(() => t.close());

  async function makeEvent(extra: Record<string, unknown> = {}) {
    const body = { gameId: game.id, name: 'Class 7B', startsAt: new Date(Date.now() - 3 * hour).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount: 3, ...extra };
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body });
    expect(made.statusCode).toBe(200);
    return made;
  }
  const room = async (eventId: string) => controlRoomSchema.parse((await call(t, 'GET', `/api/events/${eventId}`, { token: creator.token })).json().data);
  const teamCall = (path: string, code: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/event-team${path}`, { body: { gameId: game.id, secretCode: code, ...extra } });
  const codeRow = async (code: string) => (await t.db.select().from(gameCodes).where(eq(gameCodes.code, code)))[0];

  it('the reply of a new event names its game', async () => {
    const made = await makeEvent();
    expect(made.json().data.gameName).toBe(game.content.metadata.name);
    expect(made.json().data.gameName).not.toBe('');
  });

  it('get-game-progress of a team that never finished keeps the score of the ranking once the event is over', async () => {
    const eventId = (await makeEvent()).json().data.id as string;
    const [team, fresh] = (await room(eventId)).teams;
    await teamCall('/name', team.code, { name: 'Owls' });
    const play = (body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...body });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    const answer = game.content.questions[0].answer;
    const typed = answer.kind === 'text' ? answer.value.split(',')[0] : '';
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    // Started 90 minutes ago; the event ran out 30 minutes ago: 60 minutes count, not 90.
    await t.db.update(plays).set({ startTime: new Date(Date.now() - 90 * 60_000) }).where(eq(plays.codeId, (await codeRow(team.code)).id));
    await t.db.update(events).set({ endsAt: new Date(Date.now() - 30 * 60_000) }).where(eq(events.id, eventId));
    // The rows were changed behind the app's back: its copies are dropped as a change of the event would.
    forgetEventTeams(t.db, eventId);
    roomSnapshots(t.db, t.app.services.realtime).drop(eventId);
    // The play as this process keeps it is a second old at most: the changed start shows after that.
    await new Promise((resolve) => setTimeout(resolve, PLAY_CACHE_MS + 50));
    const ranked = (await room(eventId)).teams.find((one) => one.id === team.id)?.score;
    expect(ranked).toBe(100 - 60);
    const progress = progressSchema.parse((await play({ action: 'get-game-progress' })).json());
    expect(progress.score).toBe(ranked);

    // A phone that never played (a new phone of another team, after the end) still reads the final ranking.
    const view = teamViewSchema.parse((await teamCall('', fresh.code)).json().data);
    expect(view.endedAt).not.toBeNull();
    expect(view.leaderboard?.find((row) => row.teamId === team.id)?.score).toBe(ranked);
    expect((await progressCall(t.app, { gameId: game.id, secretCode: fresh.code, action: 'set-start-time' })).json()).toMatchObject({ code: 'conflict' });
  });

  it('a verdict after the end that moves a team’s score is kept: a phone that opens the final ranking only then learns it changed', async () => {
    const photoQuestion = (id: string) => ({ id, content: `<p>Photo ${id} by the fountain</p>`, location: null, answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' }, hints: [] });
    const base = gameContent();
    const photoGame = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...base.metadata, order: 'free' }, questions: [...base.questions.slice(0, 1), photoQuestion('qp1'), photoQuestion('qp2')] } });
    const body = { gameId: photoGame.id, name: 'Photo hunt', startsAt: new Date(Date.now() - hour).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount: 2 };
    const eventId = (await call(t, 'POST', '/api/events', { token: creator.token, body })).json().data.id as string;
    const [team, other] = (await room(eventId)).teams;
    const asTeam = (path: string, code: string, extra: Record<string, unknown> = {}) => call(t, 'POST', `/api/event-team${path}`, { body: { gameId: photoGame.id, secretCode: code, ...extra } });
    await asTeam('/name', team.code, { name: 'Foxes' });
    await asTeam('/name', other.code, { name: 'Owls' });
    for (const code of [team.code, other.code]) expect((await progressCall(t.app, { action: 'set-start-time', gameId: photoGame.id, secretCode: code })).statusCode).toBe(200);
    const picture = await photo({ width: 800, height: 600 });
    for (const questionId of ['qp1', 'qp2']) {
      const parts: FormPart[] = [
        { name: 'gameId', data: photoGame.id },
        { name: 'secretCode', data: team.code },
        { name: 'questionId', data: questionId },
        { name: 'file', data: picture, filename: 'IMG_1.JPG', type: 'image/jpeg' },
      ];
      const sent = await t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
      expect(sent.statusCode).toBe(200);
    }
    expect((await call(t, 'POST', `/api/events/${eventId}/end`, { token: creator.token, body: {} })).statusCode).toBe(200);
    const view = async (code: string) => teamViewSchema.parse((await asTeam('', code)).json().data);
    const final = await view(other.code);
    expect(final.endedAt).not.toBeNull();
    expect(final.rankingChangedAt).toBeUndefined();
    const scoreOf = (read: TeamView) => read.leaderboard?.find((row) => row.teamId === team.id)?.score;

    const photos = (await call(t, 'GET', `/api/events/${eventId}/photos`, { token: creator.token })).json().data as { id: string; questionId: string }[];
    const judge = (questionId: string, verdict: Record<string, unknown>) =>
      call(t, 'POST', `/api/play-photos/${photos.find((one) => one.questionId === questionId)!.id}/judge`, { token: creator.token, body: verdict });
    // A pending photo rejected after the end moves no score: the final ranking did not change.
    expect((await judge('qp2', { status: 'rejected', comment: 'not the fountain' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.db.select().from(events).where(eq(events.id, eventId)))[0].rankingChangedAt).toBeNull();
    expect((await view(other.code)).rankingChangedAt).toBeUndefined();

    // One accepted after the end does: a phone of either team that opens the ranking now is told so.
    const before = Date.now();
    expect((await judge('qp1', { status: 'accepted', points: 40 })).statusCode).toBe(200);
    const until = Date.now() + 2000;
    let changed = await view(other.code);
    while (changed.rankingChangedAt === undefined && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      changed = await view(other.code);
    }
    expect(Date.parse(changed.rankingChangedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(scoreOf(changed)).toBe(scoreOf(final)! + 40);
    expect((await view(team.code)).rankingChangedAt).toBe(changed.rankingChangedAt);
  });

  it('the control room has each team’s wrong attempts, photos and opened hints (the results file and the pushed hint read them)', async () => {
    const eventId = (await makeEvent()).json().data.id as string;
    const [team] = (await room(eventId)).teams;
    await teamCall('/name', team.code, { name: 'Counted' });
    const play = (body: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...body });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    expect((await play({ action: 'show-question-hint', questionIndex: 0, hintIndex: 1 })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'not it' })).statusCode).toBe(422);
    roomSnapshots(t.db, t.app.services.realtime).drop(eventId);
    const read = (await room(eventId)).teams.find((one) => one.id === team.id)!;
    expect(read).toMatchObject({ wrongAttempts: 1, openHints: [[1], [], []], photos: [null, null, null] });
  });
});
