import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { Socket as ClientSocket } from 'socket.io-client';
import {
  EVENT_FEED_EVENT,
  EVENT_TEAM_EVENT,
  EVENT_WATCH_EVENT,
  PROGRESS_EVENT,
  WATCH_EVENT,
  controlRoomSchema,
  playPhotosReplySchema,
  progressSchema,
  type EventTeam,
  type FeedItem,
  type Progress,
} from '@streethunt/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { playPhotos } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { connectSocket, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, photo, type FormPart } from '../media/test-support.ts';
import { presenceCodes } from '../games/presence-codes.ts';

const photoQuestions = () => [
  ...gameContent().questions.slice(0, 1),
  { id: 'qp1', content: '<p>A selfie with the fountain</p>', location: null, answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '<p>Nice!</p>' }, hints: [] },
  { id: 'qp2', content: '<p>The team on the bench</p>', location: null, answer: { kind: 'photo' as const, judging: 'on-upload' as const, content: '', contentAfterAnswer: '' }, hints: [] },
];

const anyOrder = () => ({ ...gameContent().metadata, order: 'free' as const });

/** Zip entries' names and sizes. */
function zipEntries(data: Buffer): Promise<Array<{ name: string; bytes: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: Array<{ name: string; bytes: Buffer }> = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe.each(testDatabaseKinds())('photo tasks on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let stranger: Awaited<ReturnType<typeof userWithToken>>;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;
  let gpsPhoto: Buffer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    creator = await userWithToken(t);
    stranger = await userWithToken(t);
    admin = await userWithToken(t, { role: 'admin' });
    // Played in any order: each test takes the photo it is about, not the questions before it.
    game = await buildGame(t.db, { userId: creator.user.id, content: { metadata: anyOrder(), questions: photoQuestions() } });
    gpsPhoto = await photo({ width: 3000, height: 2000 });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  const upload = (fields: Record<string, string>, file: Uint8Array | null = gpsPhoto) => {
    const parts: FormPart[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
    if (file) parts.push({ name: 'file', data: file, filename: 'IMG_1.JPG', type: 'image/jpeg' });
    return t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
  };
  async function startedCode() {
    const code = await buildCode(t.db, { gameId: game.id });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code.code })).statusCode).toBe(200);
    return code;
  }
  const progressOf = async (code: string): Promise<Progress> =>
    progressSchema.parse((await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: code })).json());

  it('a trial takes no photo for a question its trial does not cover: 402 payment_required, nothing stored', async () => {
    // One question of three free: in any order, the first in the game's order (q1); qp1 is paid.
    const trialGame = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...anyOrder(), freeQuestions: 1 }, questions: photoQuestions() } });
    const code = await buildCode(t.db, { gameId: trialGame.id, source: 'trial' });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: trialGame.id, secretCode: code.code })).statusCode).toBe(200);
    const before = await t.db.select().from(playPhotos);
    const res = await upload({ gameId: trialGame.id, secretCode: code.code, questionId: 'qp1' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_required' });
    expect(await t.db.select().from(playPhotos)).toEqual(before);
  });

  it('takes a team’s photo: the question ANSWERED and pending, stored as JPEG without EXIF or GPS, shrunk, never public', async () => {
    const code = await startedCode();
    expect((await sharp(gpsPhoto).metadata()).exif).toBeDefined();
    const res = await upload({ gameId: game.id, secretCode: code.code, questionId: 'qp1' });
    expect(res.statusCode).toBe(200);
    const progress = progressSchema.parse(res.json());
    expect(progress.questions[1]).toMatchObject({ status: 'ANSWERED', photo: { status: 'pending' } });
    expect(progress.score).toBe(0);

    const [row] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    expect(row).toMatchObject({ questionId: 'qp1', status: 'pending', points: null });
    expect(row.mediaKey).toMatch(/^play-photos\/[0-9a-f]{32}\.jpg$/);
    const stored = await t.app.services.storage.get(row.mediaKey);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(1600);
    // The public media route does not serve it, even to whoever learnt the key.
    expect((await t.app.inject({ method: 'GET', url: `/media/${row.mediaKey}` })).statusCode).toBe(404);

    // Sent again (a phone's retry after a lost reply): nothing changes.
    const again = await upload({ gameId: game.id, secretCode: code.code, questionId: 'qp1' });
    expect(again.statusCode).toBe(200);
    expect(await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id))).toHaveLength(1);

    // The team sees its own photo through a signed link; a changed signature gets nothing.
    const mine = playPhotosReplySchema.parse((await call(t, 'POST', '/api/play-photos/mine', { body: { gameId: game.id, secretCode: code.code } })).json());
    expect(mine.data).toEqual([expect.objectContaining({ questionId: 'qp1', questionNumber: 2, questionTitle: 'A selfie with the fountain', status: 'pending' })]);
    const image = await t.app.inject({ method: 'GET', url: mine.data[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(stored!)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: mine.data[0].url.replace(/sig=./, 'sig=A') });
    expect(forged.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('accepts an on-upload photo at once, scoring the question’s points', async () => {
    const code = await startedCode();
    const progress = progressSchema.parse((await upload({ gameId: game.id, secretCode: code.code, questionId: 'qp2' })).json());
    expect(progress.questions[2]).toMatchObject({ status: 'ANSWERED', photo: { status: 'accepted', points: 100 } });
    expect(progress.score).toBeGreaterThanOrEqual(99);
  });

  it('takes a rejected photo again while the team plays: it waits anew and the old file goes; an accepted one stays', async () => {
    const code = await startedCode();
    const send = (file: Uint8Array) => upload({ gameId: game.id, secretCode: code.code, questionId: 'qp1' }, file);
    expect((await send(gpsPhoto)).statusCode).toBe(200);
    const [first] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    const judge = (body: Record<string, unknown>) => call(t, 'POST', `/api/play-photos/${first.id}/judge`, { token: creator.token, body });
    expect((await judge({ status: 'rejected', comment: 'not at the fountain' })).statusCode).toBe(200);
    const rejected = (await progressOf(code.code)).questions[1].photo;
    expect(rejected).toMatchObject({ status: 'rejected', comment: 'not at the fountain', judgedAt: expect.any(String) });

    const again = await send(await photo({ width: 300, height: 200 }));
    expect(again.statusCode).toBe(200);
    expect(progressSchema.parse(again.json()).questions[1]).toMatchObject({ status: 'ANSWERED', photo: { status: 'pending' } });
    const rows = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, status: 'pending', comment: null, points: null });
    expect(rows[0].mediaKey).not.toBe(first.mediaKey);
    expect(await t.app.services.storage.get(first.mediaKey)).toBeNull();
    expect(await t.app.services.storage.get(rows[0].mediaKey)).not.toBeNull();

    // Accepted (with 0 points: the task is closed, nothing scored): a new photo changes nothing.
    expect((await judge({ status: 'accepted', points: 0 })).statusCode).toBe(200);
    const judgedAt = (await progressOf(code.code)).questions[1].photo?.judgedAt;
    expect(judgedAt).toEqual(expect.any(String));
    expect((await send(await photo({ width: 320, height: 200 }))).statusCode).toBe(200);
    const [kept] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    expect(kept).toMatchObject({ status: 'accepted', points: 0, mediaKey: rows[0].mediaKey });
    expect((await progressOf(code.code)).questions[1].photo).toMatchObject({ status: 'accepted', points: 0, judgedAt });
  });

  it('keeps a retake stored when the old file cannot be removed: the phone gets its progress, not a 500 (it would send the photo again)', async () => {
    const code = await startedCode();
    const send = (file: Uint8Array) => upload({ gameId: game.id, secretCode: code.code, questionId: 'qp1' }, file);
    expect((await send(gpsPhoto)).statusCode).toBe(200);
    const [first] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    expect((await call(t, 'POST', `/api/play-photos/${first.id}/judge`, { token: creator.token, body: { status: 'rejected' } })).statusCode).toBe(200);

    const remove = vi.spyOn(t.app.services.storage, 'remove').mockRejectedValueOnce(new Error('storage away'));
    try {
      const again = await send(await photo({ width: 300, height: 200 }));
      expect(again.statusCode, again.body).toBe(200);
      expect(progressSchema.parse(again.json()).questions[1]).toMatchObject({ status: 'ANSWERED', photo: { status: 'pending' } });
      expect(remove).toHaveBeenCalledWith(first.mediaKey);
    } finally {
      remove.mockRestore();
    }
    const [retaken] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    expect(retaken).toMatchObject({ id: first.id, status: 'pending', takes: 2 });
    expect(await t.app.services.storage.get(retaken.mediaKey)).not.toBeNull();
  });

  it('refuses what is no photo of this play with { message, code }, storing nothing', async () => {
    const code = await startedCode();
    const fields = { gameId: game.id, secretCode: code.code, questionId: 'qp1' };
    expect((await upload({ ...fields, secretCode: 'NOSUCHCODE1' })).json()).toMatchObject({ code: 'wrong_code' });
    expect((await upload(fields, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).json()).toMatchObject({ code: 'validation' });
    expect((await upload({ ...fields, questionId: game.content.questions[0].id })).json()).toMatchObject({ code: 'bad_answer' });
    expect((await upload({ ...fields, questionId: 'nosuch' })).statusCode).toBe(404);
    expect((await upload({ gameId: game.id, secretCode: code.code })).statusCode).toBe(400);
    const big = Buffer.concat([gpsPhoto, Buffer.alloc(9 * 1024 * 1024)]);
    expect((await upload(fields, big)).json()).toMatchObject({ code: 'payload_too_large' });
    const notStarted = await buildCode(t.db, { gameId: game.id });
    expect((await upload({ ...fields, secretCode: notStarted.code })).json()).toMatchObject({ code: 'conflict' });
    // A typed answer is no photo.
    const typed = await progressCall(t.app, { action: 'set-question-status', gameId: game.id, secretCode: code.code, questionIndex: 1, questionStatus: 'ANSWERED', answer: 'x' });
    expect(typed.json()).toMatchObject({ code: 'bad_answer' });
    expect(await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id))).toEqual([]);
  });

  it('takes no photo for a question that opens with its spot’s QR code before the code opened it', async () => {
    const questions = photoQuestions().map((question) => (question.id === 'qp1' ? { ...question, presence: 'qr' as const } : question));
    const spotGame = await buildGame(t.db, { userId: creator.user.id, content: { metadata: anyOrder(), questions } });
    const code = await buildCode(t.db, { gameId: spotGame.id });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: spotGame.id, secretCode: code.code })).statusCode).toBe(200);
    const fields = { gameId: spotGame.id, secretCode: code.code, questionId: 'qp1' };
    const early = await upload(fields);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'presence_required' });
    expect(await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id))).toEqual([]);
    const presenceCode = presenceCodes(t.app.services).codeOf(spotGame, 'qp1');
    const opened = await progressCall(t.app, { action: 'set-question-status', gameId: spotGame.id, secretCode: code.code, questionIndex: 1, questionStatus: 'STARTED', presenceCode });
    expect(opened.statusCode).toBe(200);
    expect((await upload(fields)).statusCode).toBe(200);
  });

  it('lets the creator judge a later photo from /my-active-games; no one else', async () => {
    const code = await startedCode();
    await upload({ gameId: game.id, secretCode: code.code, questionId: 'qp1' });
    const pending = playPhotosReplySchema.parse((await call(t, 'GET', `/api/play-photos/pending?gameId=${game.id}`, { token: creator.token })).json());
    const mine = pending.data.find((p) => p.code === code.code)!;
    expect(mine).toMatchObject({ status: 'pending', teamName: null, questionNumber: 2 });
    expect((await call(t, 'GET', '/api/play-photos/pending', { token: stranger.token })).json().data).toEqual([]);
    expect((await call(t, 'GET', '/api/play-photos/pending')).statusCode).toBe(401);

    const judge = (token: string | undefined, body: unknown) => call(t, 'POST', `/api/play-photos/${mine.id}/judge`, { token, body });
    expect((await judge(stranger.token, { status: 'accepted' })).json()).toMatchObject({ code: 'not_found' });
    expect((await judge(undefined, { status: 'accepted' })).statusCode).toBe(401);
    expect((await judge(creator.token, { status: 'maybe' })).json()).toMatchObject({ code: 'validation' });
    expect((await judge(creator.token, { status: 'accepted', points: -1 })).json()).toMatchObject({ code: 'validation' });
    expect((await progressOf(code.code)).questions[1].photo).toEqual({ status: 'pending' });

    const judged = await judge(creator.token, { status: 'accepted', points: 70, comment: 'Great shot' });
    expect(judged.json().data).toMatchObject({ status: 'accepted', points: 70, comment: 'Great shot' });
    const progress = await progressOf(code.code);
    expect(progress.questions[1].photo).toEqual({ status: 'accepted', points: 70, comment: 'Great shot', judgedAt: expect.any(String) });
    expect(progress.score).toBeGreaterThanOrEqual(69);
    expect((await call(t, 'GET', `/api/play-photos/pending?gameId=${game.id}`, { token: creator.token })).json().data.some((p: { id: string }) => p.id === mine.id)).toBe(false);

    // Rejected after all: the points go.
    expect((await call(t, 'POST', `/api/play-photos/${mine.id}/judge`, { token: admin.token, body: { status: 'rejected', comment: 'Not the fountain' } })).statusCode).toBe(200);
    const after = await progressOf(code.code);
    expect(after.questions[1].photo).toEqual({ status: 'rejected', comment: 'Not the fountain', judgedAt: expect.any(String) });
    expect(after.score).toBe(0);
  });

  it('in an event: the organiser judges in the control room (feed, team updates), the phone hears it, the zip holds every photo', async () => {
    const made = await call(t, 'POST', '/api/events', {
      token: creator.token,
      body: { gameId: game.id, name: 'Photo hunt', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), teamCount: 2 },
    });
    const room = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token })).json().data);
    const [team, other] = room.teams;
    await call(t, 'POST', '/api/event-team/name', { body: { gameId: game.id, secretCode: team.code, name: 'Foxes & North' } });
    for (const code of [team.code, other.code]) await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code });

    const control = await connectSocket(url, sockets);
    expect(await control.timeout(2000).emitWithAck(EVENT_WATCH_EVENT, { eventId: room.event.id, token: creator.token })).toEqual({ ok: true });
    const feed: FeedItem[] = [];
    const teams: EventTeam[] = [];
    control.on(EVENT_FEED_EVENT, (item: FeedItem) => feed.push(item));
    control.on(EVENT_TEAM_EVENT, (changed: EventTeam) => teams.push(changed));
    const phone = await connectSocket(url, sockets);
    expect((await phone.timeout(2000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: team.code })).ok).toBe(true);
    const heard: Progress[] = [];
    phone.on(PROGRESS_EVENT, (progress: Progress) => heard.push(progress));
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      return check();
    };

    // Even a question judged 'on-upload' waits for the organiser in an event.
    const sent = progressSchema.parse((await upload({ gameId: game.id, secretCode: team.code, questionId: 'qp2' })).json());
    expect(sent.questions[2].photo).toEqual({ status: 'pending' });
    await upload({ gameId: game.id, secretCode: team.code, questionId: 'qp1' });
    await upload({ gameId: game.id, secretCode: other.code, questionId: 'qp1' });
    expect(await waitFor(() => feed.filter((f) => f.kind === 'photo').length === 3)).toBe(true);
    expect(feed[0]).toMatchObject({ kind: 'photo', teamId: team.id, questionNumber: 3 });

    const listed = playPhotosReplySchema.parse((await call(t, 'GET', `/api/events/${room.event.id}/photos`, { token: creator.token })).json()).data;
    expect(listed.map((p) => [p.teamName, p.questionNumber, p.status])).toEqual([
      ['Foxes & North', 3, 'pending'],
      ['Foxes & North', 2, 'pending'],
      [null, 2, 'pending'],
    ]);
    expect((await call(t, 'GET', `/api/events/${room.event.id}/photos`, { token: stranger.token })).json()).toMatchObject({ code: 'not_found' });
    // Not the creator's to judge from /my-active-games: the organiser judges an event's photos.
    expect((await call(t, 'GET', '/api/play-photos/pending', { token: creator.token })).json().data.some((p: { teamId: string | null }) => p.teamId !== null)).toBe(false);

    const judged = await call(t, 'POST', `/api/play-photos/${listed[0].id}/judge`, { token: creator.token, body: { status: 'accepted', points: 40, comment: 'Lovely' } });
    expect(judged.statusCode).toBe(200);
    expect(await waitFor(() => feed.some((f) => f.kind === 'photo-judged'))).toBe(true);
    expect(feed.find((f) => f.kind === 'photo-judged')).toMatchObject({ teamId: team.id, questionNumber: 3, text: 'accepted' });
    expect(await waitFor(() => heard.some((p) => p.questions[2].photo?.status === 'accepted'))).toBe(true);
    expect(heard.at(-1)?.questions[2].photo).toEqual({ status: 'accepted', points: 40, comment: 'Lovely', judgedAt: expect.any(String) });
    expect(await waitFor(() => teams.some((x) => x.id === team.id && x.score >= 39))).toBe(true);

    const zip = await t.app.inject({ method: 'GET', url: `/api/events/${room.event.id}/photos/zip`, headers: { 'x-access-token': creator.token } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(['Foxes & North/2-A selfie with the fountain.jpg', 'Foxes & North/3-The team on the bench.jpg', `${other.code}/2-A selfie with the fountain.jpg`].sort());
    for (const entry of entries) expect((await sharp(entry.bytes).metadata()).format).toBe('jpeg');
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${room.event.id}/photos/zip`, headers: { 'x-access-token': stranger.token } })).statusCode).toBe(404);
  });
});
