import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorGame, GameContent, GameReply, Progress } from '@streethunt/shared';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame, studioTables } from './test-support.ts';

describe.each(testDatabaseKinds())('the next version of an approved game (POST /api/games/next-version/{gameId}) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const nextVersion = (gameId: string, token?: string) => call(t, 'POST', `/api/games/next-version/${gameId}`, { token, raw: '' });
  const listed = async (gameId: string) => (await getGame(t.app, gameId)).json<GameReply>();

  it('the creator edits a draft of the next version while the game stays listed as it is; approving it publishes it, and a running play keeps its version', async () => {
    const creator = await userWithToken(t);
    const admin = await userWithToken(t, { role: 'admin' });
    const game = await buildGame(t.db, { userId: creator.user.id });
    // A play under way on the listed game.
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code })).statusCode).toBe(200);

    // The creator cannot change the approved game itself…
    expect((await call(t, 'POST', `/api/games/${game.id}`, { token: creator.token, body: saveBody(game.content, 1) })).statusCode).toBe(403);
    // …but opens its next version: a draft with the same content and question ids, the same one on a second call.
    const opened = await nextVersion(game.id, creator.token);
    expect(opened.statusCode).toBe(200);
    const draftId = opened.json().data._id as string;
    expect(draftId).not.toBe(game.id);
    expect((await nextVersion(game.id, creator.token)).json().data._id).toBe(draftId);
    const draft = (await getGame(t.app, draftId, { token: creator.token })).json<GameReply>();
    expect(draft).toMatchObject({ status: 'DRAFT', nextVersionOf: game.id, userId: creator.user.id });
    expect(draft.questions!.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);

    // Renamed, repriced and question 1 deleted in the draft: the listed game is as it was.
    const [, q2, q3] = game.content.questions;
    const changed: GameContent = { ...game.content, metadata: { ...game.content.metadata, name: 'Test hunt, second edition', price: 55 }, questions: [q2!, q3!] };
    expect((await call(t, 'POST', `/api/games/${draftId}`, { token: creator.token, body: saveBody(changed, 1) })).statusCode).toBe(200);
    expect(await listed(game.id)).toMatchObject({ metadata: { name: 'Test hunt', price: '45' }, questionCount: 3 });
    const publicList = (await call(t, 'GET', `/api/games?user=${creator.user.id}`)).json().data as Array<{ _id: string }>;
    expect(publicList.map((g) => g._id)).toEqual([game.id]);

    // Sent to approval and approved (naming the version reviewed): the listed game is the new version.
    expect((await call(t, 'POST', `/api/games/status/${draftId}`, { token: creator.token, body: { status: 'PENDING' } })).statusCode).toBe(200);
    const approved = await call(t, 'POST', `/api/games/approve/${draftId}`, { token: admin.token, body: { version: 2 } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data as EditorGame).toMatchObject({ _id: game.id, status: 'APPROVED', version: game.version + 1 });
    expect(await listed(game.id)).toMatchObject({ metadata: { name: 'Test hunt, second edition', price: 55 }, questionCount: 2 });
    expect(await storedGame(t.db, draftId)).toBeUndefined();
    // The play under way keeps three questions; a new one gets two.
    const running = (await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: code })).json<Progress>();
    expect(running.questions).toHaveLength(3);
    const fresh = (await buildCode(t.db, { gameId: game.id })).code;
    const started = (await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: fresh })).json<{ gameProgress: Progress }>();
    expect(started.gameProgress.questions).toHaveLength(2);
    // The creator's email says it is approved.
    const mails = await t.readOutbox();
    expect(mails.some((mail) => mail.to === creator.user.email && mail.text.includes(`/game/${game.id}`))).toBe(true);
  });

  it('refuses a game that is not approved, a next version of a next version, and another creator; nothing changes', async () => {
    const creator = await userWithToken(t);
    const stranger = await userWithToken(t);
    const draft = await buildGame(t.db, { userId: creator.user.id, status: 'DRAFT', approvedAt: null });
    const approved = await buildGame(t.db, { userId: creator.user.id });
    const before = await studioTables(t.db);
    const refusedDraft = await nextVersion(draft.id, creator.token);
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/approved/) });
    expect((await nextVersion(approved.id, stranger.token)).statusCode).toBe(404);
    expect((await nextVersion(approved.id)).statusCode).toBe(401);
    expect((await studioTables(t.db)).text).toBe(before.text);

    const next = (await nextVersion(approved.id, creator.token)).json().data._id as string;
    const again = await nextVersion(next, creator.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already/);
  });
});
