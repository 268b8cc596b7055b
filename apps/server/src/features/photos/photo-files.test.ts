import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playPhotos } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { mediaDir } from '../../platform/storage/create-storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, photo, type FormPart } from '../media/test-support.ts';
import { PLAY_PHOTOS_FOLDER } from './service.ts';

const photoQuestion = { id: 'qp1', content: '<p>A selfie</p>', location: null, answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' }, hints: [] };

// A play's photo rows went with the play (a cascade in the database), but their stored files stayed.
describe.each(testDatabaseKinds())('the stored files of a deleted play’s photos on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const storedFiles = async () => (await readdir(path.join(mediaDir(t.config), PLAY_PHOTOS_FOLDER)).catch(() => [] as string[])).map((name) => `${PLAY_PHOTOS_FOLDER}/${name}`).sort();
  async function photoOfNewPlay(gameId: string): Promise<string> {
    const code = await buildCode(t.db, { gameId });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code.code })).statusCode).toBe(200);
    const parts: FormPart[] = [
      { name: 'gameId', data: gameId },
      { name: 'secretCode', data: code.code },
      { name: 'questionId', data: 'qp1' },
      { name: 'file', data: await photo({ width: 200, height: 150 }), filename: 'IMG_1.JPG', type: 'image/jpeg' },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id));
    return row!.mediaKey;
  }

  it('a next version approved deletes its draft’s play-test plays, their photo rows and their stored files; the listed game’s photos stay', async () => {
    const creator = await userWithToken(t);
    const admin = await userWithToken(t, { role: 'admin' });
    const game = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...gameContent().metadata, map: false }, questions: [photoQuestion, ...gameContent().questions.slice(0, 1)] } });
    const listedPhoto = await photoOfNewPlay(game.id);
    const opened = await call(t, 'POST', `/api/games/next-version/${game.id}`, { token: creator.token, raw: '' });
    expect(opened.statusCode).toBe(200);
    const draftId = opened.json().data._id as string;
    // The creator play-tests the draft with two codes, each taking a photo.
    const tested = [await photoOfNewPlay(draftId), await photoOfNewPlay(draftId)];
    expect(await storedFiles()).toEqual([listedPhoto, ...tested].sort());

    const sent = await call(t, 'POST', `/api/games/status/${draftId}`, { token: creator.token, body: { status: 'PENDING' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const approved = await call(t, 'POST', `/api/games/approve/${draftId}`, { token: admin.token, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);

    expect((await t.db.select({ key: playPhotos.mediaKey }).from(playPhotos)).map((row) => row.key)).toEqual([listedPhoto]);
    expect(await storedFiles()).toEqual([listedPhoto]);
  });
});
