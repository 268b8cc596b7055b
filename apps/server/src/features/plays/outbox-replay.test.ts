import { eq } from 'drizzle-orm';
import { progressSchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playPhotos } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { buildCode, buildGame, buildUser, gameContent } from '../../test/factories.ts';
import { progressCall } from '../../test/player-calls.ts';
import { MULTIPART_TYPE, multipartBody, photo } from '../media/test-support.ts';
import { playTables } from './test-support.ts';

/*
 * The phone's outbox sends each change once, but a reply lost on the way back (the network dropped
 * after the server took it) leaves the change in the outbox, and it goes again. The server must then
 * hold it once: the same answer, hint and photo sent twice change nothing the second time.
 */
describe.each(testDatabaseKinds())('an outbox sent twice on %s', (kind) => {
  let t: TestApp;
  let gameId: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const owner = await buildUser(t.db);
    const base = gameContent();
    const photoQuestion = { id: 'qp', content: '<p>The team at the fountain</p>', location: null, answer: { kind: 'photo' as const, judging: 'later' as const, content: '', contentAfterAnswer: '' }, hints: [] };
    const content = gameContent({ metadata: { ...base.metadata, order: 'free' }, questions: [...base.questions.slice(0, 2), photoQuestion] });
    gameId = (await buildGame(t.db, { userId: owner.id, content })).id;
  });
  afterAll(() => t.close());

  const send = async (body: Record<string, unknown>) => {
    const res = await progressCall(t.app, { gameId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return progressSchema.parse(res.json());
  };
  const sendPhoto = async (secretCode: string) => {
    const parts = [
      { name: 'gameId', data: gameId },
      { name: 'secretCode', data: secretCode },
      { name: 'questionId', data: 'qp' },
      { name: 'file', data: await photo({ width: 400, height: 300 }), filename: 'IMG_1.JPG', type: 'image/jpeg' },
    ];
    const res = await t.app.inject({ method: 'POST', url: '/api/play-photos', payload: multipartBody(parts), headers: { 'content-type': MULTIPART_TYPE }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    return progressSchema.parse(res.json());
  };

  it('holds an answer (with its wrong tries), a continue, a hint and a photo once, however often they come', async () => {
    const { code, id: codeId } = await buildCode(t.db, { gameId });
    expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code })).statusCode).toBe(200);
    // The outbox of a phone that was offline, in the order the changes were made.
    const outbox = [
      { action: 'show-question-hint', secretCode: code, questionIndex: 0, hintIndex: 0 },
      { action: 'set-question-status', secretCode: code, questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Agam', wrongAttempts: 2 },
      { action: 'set-question-status', secretCode: code, questionIndex: 0, questionStatus: 'DONE' },
    ];
    for (const change of outbox) await send(change);
    const taken = await sendPhoto(code);
    const held = await playTables(t.db);
    const photos = await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, codeId));
    expect(taken.questions[0]).toMatchObject({ status: 'DONE', wrongAttempts: 2, hints: [{ isOpen: true }, { isOpen: false }] });
    expect(taken.questions[2]).toMatchObject({ status: 'ANSWERED', photo: { status: 'pending' } });
    expect(photos).toHaveLength(1);

    // The replies were lost: the whole outbox goes again, each change and the photo.
    for (const change of outbox) {
      const again = await send(change);
      expect(again.score, `${change.action} again`).toBe(taken.score);
      expect(again.lastUpdate).toBe(taken.lastUpdate);
    }
    const photoAgain = await sendPhoto(code);
    expect(photoAgain.questions).toEqual(taken.questions);

    // The server holds each once: the play row as it was (not even its last update moved), one photo.
    expect(await playTables(t.db)).toEqual(held);
    expect(await t.db.select().from(playPhotos).where(eq(playPhotos.codeId, codeId))).toEqual(photos);
  });
});
