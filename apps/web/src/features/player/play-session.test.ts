import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Progress } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { applyChange } from './progress-rules.ts';
import type { ProgressRequest } from './action-queue.ts';
import type { LiveOptions } from './live-socket.ts';
import { PlaySession, type SessionDeps } from './play-session.ts';
import { flowEngine, type FlowRules } from './play-flow.ts';
import { readGrant, readProgress, storeCode } from './player-store.ts';
import { buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { keptGet, forgetKept } from './offline/kept-play.ts';
import { uploadPhoto } from './photo/photo-api.ts';
import { memoryStore, resetPhotoOutbox, type QueuedPhoto } from './photo/photo-queue.ts';

vi.mock('./photo/photo-api.ts', () => ({ uploadPhoto: vi.fn() }));

/** A server holding one play and applying changes by the same rules; `down` makes it unreachable. */
function fakeServer(initial: Progress = buildProgress()) {
  const state = { progress: initial, down: false, refuse: null as null | ((r: ProgressRequest) => ApiError | null), grant: undefined as string | undefined };
  const live: LiveOptions[] = [];
  const deps = {
    start: vi.fn(async (gameId: string, secretCode: string) => {
      if (state.down) throw new NetworkError('offline');
      if (secretCode !== CODE || gameId !== GAME_ID) throw new ApiError(403, 'wrong_code', 'wrong code', {});
      return { status: 'OK' as const, gameProgress: state.progress, ...(state.grant && { grant: state.grant }) };
    }),
    progress: vi.fn(async (request: ProgressRequest) => {
      if (state.down) throw new NetworkError('offline');
      const refusal = state.refuse?.(request);
      if (refusal) throw refusal;
      if (request.action !== 'get-game-progress') {
        const { gameId: _g, secretCode: _s, ...change } = request;
        state.progress = applyChange(state.progress, change);
      }
      return state.progress;
    }),
    connectLive: vi.fn((options: LiveOptions) => {
      live.push(options);
      return () => undefined;
    }),
    retryMs: 60_000,
    isOnline: () => !state.down,
  } satisfies SessionDeps;
  return { state, deps, live };
}

async function settle(session: PlaySession) {
  await session.flush();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('play session', () => {
  beforeEach(() => forgetKept());
  afterEach(() => vi.restoreAllMocks());

  it('a wrong code stores nothing; the right one starts the play and watches it live', async () => {
    const { deps, live } = fakeServer();
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    expect(await session.submitCode('nope')).toBe('wrong');
    expect(session.getSnapshot().secret).toBeNull();
    expect(keptGet('activeGame')).toEqual({ game_id: GAME_ID, game_secret: null });
    expect(await session.submitCode(` ${CODE.toLowerCase().slice(0, 4)} ${CODE.slice(4)} `)).toBe('ok');
    expect(deps.start).toHaveBeenLastCalledWith(GAME_ID, CODE);
    expect(session.getSnapshot()).toMatchObject({ secret: CODE, pending: 0, offline: false });
    expect(readProgress(GAME_ID)).toEqual(buildProgress());
    expect(live.map((l) => [l.gameId, l.secretCode])).toEqual([[GAME_ID, CODE]]);
    session.stop();
  });

  it('resumes from what the phone keeps once it was read, and keeps a code taken before then', async () => {
    // Drawn before the offline database was read: nothing kept yet.
    const reading = new PlaySession(GAME_ID, fakeServer().deps);
    expect(reading.getSnapshot().secret).toBeNull();
    // The database held a play of this game: the session takes it up.
    storeCode(buildProgress());
    reading.resume();
    expect(reading.getSnapshot()).toMatchObject({ secret: CODE, progress: { game_secret: CODE } });

    // A code typed before the database was read: the play read afterwards (none here) does not undo it.
    forgetKept();
    const typedEarly = new PlaySession(GAME_ID, fakeServer().deps);
    expect(await typedEarly.submitCode(CODE)).toBe('ok');
    forgetKept();
    typedEarly.resume();
    expect(typedEarly.getSnapshot().secret).toBe(CODE);
    expect(keptGet('activeGame')).toEqual({ game_id: GAME_ID, game_secret: CODE });
  });

  it('applies a change at once, then takes the server reply', async () => {
    storeCode(buildProgress());
    const { deps, state } = fakeServer();
    const session = new PlaySession(GAME_ID, deps);
    expect(session.change({ action: 'show-question-hint', questionIndex: 0, hintIndex: 0 })).toBe(true);
    expect(session.getSnapshot().progress?.questions[0].hints[0].isOpen).toBe(true);
    expect(session.getSnapshot().pending).toBe(1);
    // A second tap changes nothing and sends nothing.
    expect(session.change({ action: 'show-question-hint', questionIndex: 0, hintIndex: 0 })).toBe(false);
    await settle(session);
    expect(session.getSnapshot().pending).toBe(0);
    expect(session.getSnapshot().progress).toEqual(state.progress);
    expect(readProgress(GAME_ID)).toEqual(state.progress);
    expect(deps.progress).toHaveBeenCalledTimes(1);
  });

  it('offline: keeps answers and hints across a reload and sends them in order when the network returns', async () => {
    storeCode(buildProgress());
    const { deps, state } = fakeServer();
    state.down = true;
    const first = new PlaySession(GAME_ID, deps);
    first.start();
    first.change({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Bialik' });
    first.change({ action: 'show-question-hint', questionIndex: 2, hintIndex: 0 });
    await settle(first);
    expect(first.getSnapshot()).toMatchObject({ offline: true, pending: 2 });
    first.stop();

    // A reload while offline: the same play, the changes still shown.
    const second = new PlaySession(GAME_ID, deps);
    second.start();
    await settle(second);
    expect(second.getSnapshot().offline).toBe(true);
    expect(second.getSnapshot().progress?.questions[0].status).toBe('ANSWERED');
    expect(second.getSnapshot().progress?.questions[2].hints[0].isOpen).toBe(true);
    second.change({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' });

    state.down = false;
    window.dispatchEvent(new Event('online'));
    await settle(second);
    const sent = deps.progress.mock.calls.map(([r]) => r).filter((r) => r.action !== 'get-game-progress');
    expect(sent.map((r) => (r.action === 'set-question-status' ? r.questionStatus : r.action))).toEqual(
      expect.arrayContaining(['ANSWERED', 'show-question-hint', 'DONE']),
    );
    // In order: the first accepted ANSWERED before the hint before DONE.
    const accepted = sent.slice(-3);
    expect(accepted.map((r) => (r.action === 'set-question-status' ? r.questionStatus : r.action))).toEqual(['ANSWERED', 'show-question-hint', 'DONE']);
    expect(accepted[0]).toMatchObject({ answer: 'Bialik' });
    expect(second.getSnapshot()).toMatchObject({ offline: false, pending: 0 });
    expect(state.progress.questions[0].status).toBe('DONE');
    expect(state.progress.questions[2].hints[0].isOpen).toBe(true);
    second.stop();
  });

  it('drops a change the server refuses and refreshes from the server', async () => {
    storeCode(buildProgress());
    const { deps, state } = fakeServer();
    state.refuse = (r) => (r.action === 'set-question-status' && r.questionStatus === 'ANSWERED' ? new ApiError(422, 'wrong_answer', 'no', {}) : null);
    const session = new PlaySession(GAME_ID, deps);
    session.change({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'Herzl' });
    expect(session.getSnapshot().progress?.questions[0].status).toBe('ANSWERED');
    await settle(session);
    await settle(session);
    expect(session.getSnapshot().progress?.questions[0].status).toBeNull();
    expect(deps.progress.mock.calls.map(([r]) => r.action)).toEqual(['set-question-status', 'get-game-progress']);
  });

  it('takes live progress of its own play only, never moving backwards', async () => {
    storeCode(buildProgress());
    const { deps, live } = fakeServer();
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    await settle(session);
    const listener = vi.fn();
    session.subscribe(listener);
    const ahead = buildProgress({ lastUpdate: '2026-05-01T10:03:00.000Z', questions: [{ status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] }, { status: 'STARTED', hints: [] }, { status: null, hints: [{ isOpen: false }] }] });
    live[0].onProgress(ahead);
    expect(session.getSnapshot().progress?.questions.map((q) => q.status)).toEqual(['DONE', 'STARTED', null]);
    live[0].onProgress(buildProgress({ lastUpdate: '2026-05-01T10:01:00.000Z' }));
    expect(session.getSnapshot().progress?.questions.map((q) => q.status)).toEqual(['DONE', 'STARTED', null]);
    expect(session.getSnapshot().progress?.questions[0].hints[0].isOpen).toBe(true);
    live[0].onProgress({ ...ahead, game_secret: 'OTHERCODE', questions: ahead.questions.map((q) => ({ ...q, status: 'DONE' as const })) });
    expect(session.getSnapshot().progress?.questions[1].status).toBe('STARTED');
    expect(listener).toHaveBeenCalled();
    session.stop();
  });

  it('tries the queue again when the socket reconnects', async () => {
    storeCode(buildProgress());
    const { deps, state, live } = fakeServer();
    state.down = true;
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    session.change({ action: 'set-question-status', questionIndex: 1, questionStatus: 'SOLUTION' });
    await settle(session);
    expect(session.getSnapshot().pending).toBe(1);
    state.down = false;
    live[0].onConnect();
    await settle(session);
    expect(session.getSnapshot().pending).toBe(0);
    expect(state.progress.questions[1].status).toBe('SOLUTION');
    session.stop();
  });

  it('sends a photo kept offline when the network returns, with no photo step on screen, and takes the progress of its reply', async () => {
    storeCode(buildProgress());
    const { deps, state } = fakeServer();
    const photos = resetPhotoOutbox(memoryStore());
    const uploads: string[] = [];
    vi.mocked(uploadPhoto).mockImplementation(async (photo: QueuedPhoto) => {
      if (state.down) throw new NetworkError('offline');
      uploads.push(photo.questionId);
      state.progress = { ...state.progress, questions: state.progress.questions.map((q, i) => (i === 0 ? { ...q, status: 'ANSWERED' as const, photo: { status: 'pending' as const } } : q)) };
      return state.progress;
    });
    state.down = true;
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    // Taken on the question's step, which the player has since left: only the outbox holds it.
    await photos.add({ gameId: GAME_ID, secretCode: CODE, questionId: 'q1', blob: new Blob(['jpeg']) });
    await settle(session);
    expect(uploads).toEqual([]);
    expect(session.getSnapshot().offline).toBe(true);

    state.down = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(uploads).toEqual(['q1']));
    await vi.waitFor(() => expect(session.getSnapshot().progress?.questions[0].photo).toEqual({ status: 'pending' }));
    expect(await photos.pending()).toEqual([]);
    expect(session.getSnapshot().offline).toBe(false);
    session.stop();
  });

  it('passes a live event its news and its rejoined room, and sends positions on the current socket only', async () => {
    storeCode(buildProgress());
    const { deps, live } = fakeServer();
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    const listener = { onTeamView: vi.fn(), onRanking: vi.fn(), onWatched: vi.fn() };
    const stopListening = session.listenForEvent(listener);
    // Not in the room yet: nothing to send on.
    session.sendPosition({ lat: 1, lng: 2 });
    const send = vi.fn();
    live[0].onWatched?.(send);
    expect(listener.onWatched).toHaveBeenCalledTimes(1);
    session.sendPosition({ lat: 32.08, lng: 34.78 });
    expect(send.mock.calls).toEqual([[{ lat: 32.08, lng: 34.78 }]]);
    live[0].onTeamView?.({ eventId: 'event-1' });
    expect(listener.onTeamView).toHaveBeenCalledWith({ eventId: 'event-1' });

    // A code typed again watches anew: the old socket's sender is dropped.
    expect(await session.submitCode(CODE)).toBe('ok');
    session.sendPosition({ lat: 3, lng: 4 });
    expect(send).toHaveBeenCalledTimes(1);

    stopListening();
    live[1].onTeamView?.({ eventId: 'event-1' });
    expect(listener.onTeamView).toHaveBeenCalledTimes(1);
    session.stop();
  });

  it('keeps the grant set-start-time gives and sends it with every call of its play, queued offline ones too, after a reload', async () => {
    const GRANT = 'gRant_0123456789abcdef';
    const { deps, state, live } = fakeServer();
    state.grant = GRANT;
    const first = new PlaySession(GAME_ID, deps);
    first.start();
    expect(await first.submitCode(CODE)).toBe('ok');
    expect(first.getSnapshot().grant).toBe(GRANT);
    expect(readGrant(GAME_ID, CODE)).toBe(GRANT);
    expect(live.at(-1)).toMatchObject({ gameId: GAME_ID, secretCode: CODE, grant: GRANT });

    // Offline: the change waits in the queue with its grant, across a reload.
    state.down = true;
    first.change({ action: 'show-question-hint', questionIndex: 0, hintIndex: 0 });
    await settle(first);
    first.stop();
    const second = new PlaySession(GAME_ID, deps);
    expect(second.getSnapshot()).toMatchObject({ secret: CODE, grant: GRANT, pending: 1 });
    state.down = false;
    second.start();
    await settle(second);
    expect(second.getSnapshot().pending).toBe(0);
    const calls = deps.progress.mock.calls.map(([r]) => r);
    expect(calls.map((r) => r.action)).toEqual(expect.arrayContaining(['show-question-hint', 'get-game-progress']));
    expect(calls.every((r) => r.grant === GRANT)).toBe(true);
    expect(live.at(-1)).toMatchObject({ secretCode: CODE, grant: GRANT });

    // Resuming the kept play sends its grant; another code goes without it, and a refused one changes nothing.
    expect(await second.startFree()).toBe('ok');
    expect(deps.start).toHaveBeenLastCalledWith(GAME_ID, CODE, GRANT);
    expect(await second.submitCode('OTHERCODE')).toBe('wrong');
    expect(deps.start).toHaveBeenLastCalledWith(GAME_ID, 'OTHERCODE');
    expect(second.getSnapshot().grant).toBe(GRANT);
    second.stop();
  });

  it('a play kept from before grants existed goes on without one', async () => {
    storeCode(buildProgress());
    const { deps } = fakeServer();
    const session = new PlaySession(GAME_ID, deps);
    expect(session.getSnapshot().grant).toBeUndefined();
    session.change({ action: 'show-question-hint', questionIndex: 0, hintIndex: 0 });
    await settle(session);
    expect(deps.progress.mock.calls.map(([r]) => 'grant' in r)).toEqual([false]);
  });
});

describe('play session: a fork taken on two phones', () => {
  beforeEach(() => forgetKept());
  afterEach(() => vi.restoreAllMocks());

  const fork: FlowRules = {
    questions: [
      { id: 'fork', answer: { kind: 'choice', options: [{ id: 'left' }, { id: 'right' }] } },
      { id: 'alley', when: { chose: { question: 'fork', option: 'left' } } },
      { id: 'square', when: { chose: { question: 'fork', option: 'right' } } },
    ],
  };

  it('offline, this phone went left; the server took right first: the server wins, the phone says so, and its left side is dropped', async () => {
    const start = buildProgress({ questions: fork.questions.map(() => ({ status: null, hints: [] })) });
    storeCode(start);
    const { deps, state } = fakeServer(start);
    const session = new PlaySession(GAME_ID, deps);
    session.setFlowEngine(flowEngine(fork));
    state.down = true;
    session.change({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'left' });
    session.change({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' });
    session.change({ action: 'set-question-status', questionIndex: 1, questionStatus: 'STARTED' });
    expect(session.getSnapshot().progress?.questions.map((q) => q.status)).toEqual(['DONE', 'STARTED', null]);
    expect(session.getSnapshot().overruled).toBeNull();

    // Meanwhile another phone of the team answered right, and the server took it; it refuses the alley.
    state.progress = applyChange(applyChange(start, { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'right' }, new Date(), flowEngine(fork)), { action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' }, new Date(), flowEngine(fork));
    state.refuse = (r) => (r.action === 'set-question-status' && r.questionIndex === 1 ? new ApiError(409, 'not_playable', 'not now', {}) : null);
    state.down = false;
    for (let i = 0; i < 4; i++) await settle(session);

    const shown = session.getSnapshot();
    expect(shown.progress?.questions.map((q) => [q.status, q.chose ?? null])).toEqual([
      ['DONE', 'right'],
      [null, null],
      [null, null],
    ]);
    expect(shown.pending).toBe(0);
    expect(shown.overruled).toBe(0);
    session.dismissOverruled();
    expect(session.getSnapshot().overruled).toBeNull();
  });
});

describe('play session: a free game', () => {
  beforeEach(() => forgetKept());

  /** The server of a free game: without a code it issues CODE; with one, it checks it. */
  function freeServer() {
    const { state, deps, live } = fakeServer();
    deps.start.mockImplementation(async (gameId: string, secretCode?: string) => {
      if (state.down) throw new NetworkError('offline');
      if (gameId !== GAME_ID || (secretCode !== undefined && secretCode !== CODE)) throw new ApiError(403, 'wrong_code', 'wrong code', {});
      return { status: 'OK' as const, gameProgress: state.progress };
    });
    return { state, deps, live };
  }

  it('starts without a code and takes the issued one as the active play, watched live', async () => {
    const { deps, live } = freeServer();
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    expect(await session.startFree()).toBe('ok');
    expect(deps.start).toHaveBeenLastCalledWith(GAME_ID, undefined);
    expect(session.getSnapshot()).toMatchObject({ secret: CODE, offline: false });
    expect(readProgress(GAME_ID)).toEqual(buildProgress());
    expect(live.map((l) => l.secretCode)).toEqual([CODE]);
    session.stop();
  });

  it('offline: network, nothing kept; the offline state clears when the browser is back online', async () => {
    const { deps, state } = freeServer();
    const session = new PlaySession(GAME_ID, deps);
    session.start();
    state.down = true;
    expect(await session.startFree()).toBe('network');
    expect(session.getSnapshot()).toMatchObject({ secret: null, progress: null, offline: true });
    state.down = false;
    window.dispatchEvent(new Event('online'));
    expect(session.getSnapshot().offline).toBe(false);
    expect(await session.startFree()).toBe('ok');
    expect(session.getSnapshot().secret).toBe(CODE);
    session.stop();
  });

  it('resumes a code kept for the game rather than asking for a new one', async () => {
    storeCode(buildProgress());
    const { deps } = freeServer();
    const session = new PlaySession(GAME_ID, deps);
    expect(await session.startFree()).toBe('ok');
    expect(deps.start).toHaveBeenLastCalledWith(GAME_ID, CODE);
  });
});
