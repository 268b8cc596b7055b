import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { mediaListReplySchema, progressSchema } from '@streethunt/shared';
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

const photoQuestion = (id: string) => ({
  id,
  content: `<p>Photo ${id}</p>`,
  location: null,
  answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' },
  hints: [],
});

// In a game played in order, a photo for question 4 was taken before questions 2 and 3 were played.
describe.each(testDatabaseKinds())('photos and the order of questions on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let small: Buffer;
  const questions = () => [...gameContent().questions.slice(0, 1), ...['p2', 'p3', 'p4'].map(photoQuestion)];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await userWithToken(t);
    small = await photo({ width: 200, height: 150 });
  });
  afterAll(() => t.close());

  const upload = (gameId: string, code: string, questionId: string) => {
    const parts: FormPart[] = [
      { name: 'gameId', data: gameId },
      { name: 'secretCode', data: code },
      { name: 'questionId', data: questionId },
      { name: 'file', data: small, filename: 'IMG_1.JPG', type: 'image/jpeg' },
    ];
    return t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
  };
  async function startedCode(gameId: string) {
    const code = await buildCode(t.db, { gameId });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code.code })).statusCode).toBe(200);
    return code;
  }
  const storedFiles = () => readdir(path.join(mediaDir(t.config), PLAY_PHOTOS_FOLDER)).catch(() => [] as string[]);
  const usedBytes = async () => mediaListReplySchema.parse((await call(t, 'GET', '/api/media/image', { token: creator.token })).json()).data.usage!.usedBytes;

  it('in a linear game refuses a photo for a question not reached yet: 409 not_playable, no file, no row, no quota used', async () => {
    const game = await buildGame(t.db, { userId: creator.user.id, content: { questions: questions() } });
    const code = await startedCode(game.id);
    const [filesBefore, bytesBefore] = [await storedFiles(), await usedBytes()];
    const res = await upload(game.id, code.code, 'p4');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_playable', message: expect.any(String) });
    expect(await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, code.id))).toHaveLength(0);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await usedBytes()).toBe(bytesBefore);
    const progress = progressSchema.parse((await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: code.code })).json());
    expect(progress.questions.map((q) => q.status)).toEqual([null, null, null, null]);
  });

  it('in a linear game takes the photo of the question reached: the earlier ones answered or skipped', async () => {
    const game = await buildGame(t.db, { userId: creator.user.id, content: { questions: questions() } });
    const code = await startedCode(game.id);
    for (const questionStatus of ['SOLUTION', 'SKIPPED'] as const) {
      expect((await progressCall(t.app, { action: 'set-question-status', gameId: game.id, secretCode: code.code, questionIndex: 0, questionStatus })).statusCode).toBe(200);
    }
    expect((await upload(game.id, code.code, 'p3')).statusCode).toBe(409);
    expect((await upload(game.id, code.code, 'p2')).statusCode).toBe(200);
    // Answered: only 'continue' is left on it, so the next one is reached.
    expect((await upload(game.id, code.code, 'p3')).statusCode).toBe(200);
  });

  it('in a game played in any order takes a photo for any question', async () => {
    const content = gameContent({ questions: questions() });
    const game = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...content.metadata, order: 'free' }, questions: questions() } });
    const code = await startedCode(game.id);
    expect((await upload(game.id, code.code, 'p4')).statusCode).toBe(200);
  });
});
