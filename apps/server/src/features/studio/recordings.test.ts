import type { GameContent } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, buildMedia } from '../../test/factories.ts';
import { getGame } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame } from './test-support.ts';

/** The game with a recording on its intro, its first question and that question's first hint. */
function withRecordings(content: GameContent, urls: { intro?: string; question?: string; hint?: string }): GameContent {
  return {
    ...content,
    metadata: { ...content.metadata, ...(urls.intro !== undefined && { audio: urls.intro }) },
    questions: content.questions.map((q, i) =>
      i === 0
        ? { ...q, ...(urls.question !== undefined && { audio: urls.question }), hints: q.hints.map((h, j) => (j === 0 && urls.hint !== undefined ? { ...h, audio: urls.hint } : h)) }
        : q,
    ),
  };
}

describe('a game’s recordings (metadata.audio, question.audio, hint.audio)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const save = (gameId: string, body: unknown, token?: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });

  async function creatorWithRecording() {
    const owner = await userWithToken(t);
    const recording = await buildMedia(t.db, { userId: owner.user.id, resourceType: 'audio' });
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    return { owner, game, url: `/media/${recording.storageKey}` };
  }

  it('stores the owner’s own recordings (an absolute address of this site as root-relative), and the player and the editor get them', async () => {
    const { owner, game, url } = await creatorWithRecording();
    const content = withRecordings(game.content, { intro: url, question: `${t.config.publicUrl}${url}`, hint: url });
    const res = await save(game.id, saveBody(content, 1), owner.token);
    expect(res.statusCode).toBe(200);
    const stored = await storedGame(t.db, game.id);
    expect(stored.metadata).toMatchObject({ audio: url });
    expect((stored.questions as GameContent['questions'])[0]).toMatchObject({ audio: url, hints: [expect.objectContaining({ audio: url }), expect.not.objectContaining({ audio: expect.anything() })] });

    const editor = (await getGame(t.app, game.id, { token: owner.token })).json();
    expect(editor.metadata.audio).toBe(url);
    expect(editor.questions[0].audio).toBe(url);
    expect(editor.questions[0].hints[0].audio).toBe(url);

    const code = await buildCode(t.db, { gameId: game.id });
    const player = (await getGame(t.app, game.id, { secret: code.code })).json();
    expect(player.metadata.audio).toBe(url);
    expect(player.questions[0]).toMatchObject({ audio: url, hints: [expect.objectContaining({ audio: url }), expect.anything()] });
  });

  it('refuses with 400 an address that is no recording of ours, and a recording that is not the owner’s', async () => {
    const { owner, game } = await creatorWithRecording();
    const stranger = await userWithToken(t);
    const theirs = await buildMedia(t.db, { userId: stranger.user.id, resourceType: 'audio' });
    const video = await buildMedia(t.db, { userId: owner.user.id, resourceType: 'video' });
    for (const bad of [
      'https://example.com/song.mp3',
      '/media/uploads/x/song.wav',
      'javascript:alert(1)',
      `/media/${video.storageKey}`,
      `/media/uploads/${owner.user.id}/0123456789abcdef.mp3`,
      `/media/${theirs.storageKey}`,
    ]) {
      for (const where of ['intro', 'question', 'hint'] as const) {
        const res = await save(game.id, saveBody(withRecordings(game.content, { [where]: bad }), 1), owner.token);
        expect(res.statusCode, `${where}: ${bad}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation', message: expect.any(String) });
      }
    }
    expect((await storedGame(t.db, game.id)).version).toBe(1);
  });
});
