import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MAX_PHOTOS_PER_PLAY, MAX_PHOTOS_PER_QUESTION, mediaListReplySchema, progressSchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playPhotos } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { MULTIPART_TYPE, multipartBody, photo, type FormPart } from '../media/test-support.ts';

/** A photo of noise, which JPEG keeps large. */
const noisePhoto = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

/** Small enough that a few photos fill it. */
const QUOTA_BYTES = 2_500_000;

const photoQuestion = (id: string) => ({
  id,
  content: `<p>Photo ${id}</p>`,
  location: null,
  answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' },
  hints: [],
});

// Play photos are stored for the game's creator: they count in the creator's quota, and a play or a
// question takes only so many (25 noise photos through one code stored 32 MB, and the quota showed 0).
describe.each(testDatabaseKinds())('the limits of play photos on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { MEDIA_QUOTA_BYTES: String(QUOTA_BYTES) } });
    creator = await userWithToken(t);
    // Played in any order: the limits, not the order, are what these tests are about.
    game = await buildGame(t.db, { userId: creator.user.id, content: { metadata: { ...gameContent().metadata, order: 'free' }, questions: [...gameContent().questions.slice(0, 1), ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map(photoQuestion)] } });
  });
  afterAll(() => t.close());

  const upload = (code: string, questionId: string, file: Uint8Array) => {
    const parts: FormPart[] = [
      { name: 'gameId', data: game.id },
      { name: 'secretCode', data: code },
      { name: 'questionId', data: questionId },
      { name: 'file', data: file, filename: 'IMG_1.JPG', type: 'image/jpeg' },
    ];
    return t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
  };
  async function startedCode() {
    const code = await buildCode(t.db, { gameId: game.id });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code.code })).statusCode).toBe(200);
    return code;
  }
  const usage = async () => mediaListReplySchema.parse((await call(t, 'GET', '/api/media/image', { token: creator.token })).json()).data.usage!;
  const rowsOf = (codeId: string) => t.db.select().from(playPhotos).where(eq(playPhotos.codeId, codeId));

  it('takes a rejected question’s photo again at most MAX_PHOTOS_PER_QUESTION times in all, then 409 too_many_photos', async () => {
    const code = await startedCode();
    const small = await photo({ width: 200, height: 150 });
    expect((await upload(code.code, 'p1', small)).statusCode).toBe(200);
    for (let take = 2; take <= MAX_PHOTOS_PER_QUESTION + 1; take++) {
      const [row] = await rowsOf(code.id);
      expect((await call(t, 'POST', `/api/play-photos/${row!.id}/judge`, { token: creator.token, body: { status: 'rejected' } })).statusCode).toBe(200);
      const res = await upload(code.code, 'p1', small);
      if (take <= MAX_PHOTOS_PER_QUESTION) {
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'too_many_photos', message: expect.any(String) });
    }
    const [kept] = await rowsOf(code.id);
    expect(kept).toMatchObject({ takes: MAX_PHOTOS_PER_QUESTION, status: 'rejected' });
  });

  it('takes at most MAX_PHOTOS_PER_PLAY photos of a play, then 409 too_many_photos and nothing stored', async () => {
    const code = await startedCode();
    const small = await photo({ width: 200, height: 150 });
    expect((await upload(code.code, 'p1', small)).statusCode).toBe(200);
    // As if the play had sent its allowance already (retakes counted on one question's row).
    await t.db.update(playPhotos).set({ takes: MAX_PHOTOS_PER_PLAY }).where(eq(playPhotos.codeId, code.id));
    const res = await upload(code.code, 'p2', small);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'too_many_photos' });
    expect(await rowsOf(code.id)).toHaveLength(1);
    const progress = progressSchema.parse((await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: code.code })).json());
    expect(progress.questions[2]?.status).toBeNull();
  });

  it('counts play photos in the creator’s storage quota; past it a photo is 413 quota and nothing is stored', async () => {
    const before = await usage();
    const code = await startedCode();
    // Noise compresses badly: a photo of noise is large even as JPEG.
    const noise = await noisePhoto(1600, 1200);
    const first = await upload(code.code, 'p3', noise);
    expect(first.statusCode).toBe(200);
    const [stored] = (await rowsOf(code.id)).filter((row) => row.questionId === 'p3');
    expect(stored!.bytes).toBeGreaterThan(0);
    expect((await t.app.services.storage.get(stored!.mediaKey))?.length).toBe(stored!.bytes);
    expect((await usage()).usedBytes).toBe(before.usedBytes + stored!.bytes);

    let refused = null;
    for (const question of ['p4', 'p5', 'p6']) {
      const res = await upload(code.code, question, noise);
      if (res.statusCode !== 200) {
        refused = { question, res };
        break;
      }
    }
    expect(refused?.res.statusCode).toBe(413);
    expect(refused?.res.json()).toMatchObject({ code: 'quota', message: expect.any(String) });
    expect((await rowsOf(code.id)).map((row) => row.questionId)).not.toContain(refused?.question);
    expect((await usage()).usedBytes).toBeLessThanOrEqual(QUOTA_BYTES);
  });
});
