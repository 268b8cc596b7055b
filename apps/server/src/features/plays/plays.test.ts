import { eq } from 'drizzle-orm';
import { computeScore, progressSchema, startTimeReplySchema, type Progress } from '@streethunt/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gameCodes, plays } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildCode, buildGame, buildPlay, buildUser } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { progressCall } from '../../test/player-calls.ts';
import { PLAY_CACHE_MS } from './play-cache.ts';
import { playTables } from './test-support.ts';

/** Stands in for the feedback invitation: counts the plays that ended, and fails when told to. */
const invitations = {
  calls: [] as Array<{ playId: string }>,
  fail: false,
  async onPlayFinished(play: { playId: string }): Promise<void> {
    invitations.calls.push(play);
    if (invitations.fail) throw new Error('mail server down');
  },
};

describe.each(testDatabaseKinds())('POST /api/game-progress on %s', (kind) => {
  let t: TestApp;
  let game: Awaited<ReturnType<typeof buildGame>>;
  let otherCode: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, onPlayFinished: (play) => invitations.onPlayFinished(play) });
    const owner = await buildUser(t.db);
    // Each question is played on its own here, so the game takes them in any order (play-flow.test.ts holds the order).
    game = await buildGame(t.db, { userId: owner.id, content: anyOrder() });
    const other = await buildGame(t.db, { userId: owner.id });
    otherCode = (await buildCode(t.db, { gameId: other.id })).code;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    invitations.calls.length = 0;
    invitations.fail = false;
  });

  /** A fresh code (so a fresh play) for the game. */
  const freshCode = async () => (await buildCode(t.db, { gameId: game.id })).code;
  const call = (secretCode: string, action: string, extra: Record<string, unknown> = {}) =>
    progressCall(t.app, { action, gameId: game.id, secretCode, ...extra });
  const progressOf = async (secretCode: string, action: string, extra: Record<string, unknown> = {}): Promise<Progress> => {
    const res = await call(secretCode, action, extra);
    expect(res.statusCode, res.body).toBe(200);
    return progressSchema.parse(res.json());
  };
  const started = async () => {
    const code = await freshCode();
    await progressOf(code, 'get-game-progress');
    expect((await call(code, 'set-start-time')).statusCode).toBe(200);
    return code;
  };
  const status = (code: string, questionIndex: number, questionStatus: string, answer?: string) =>
    call(code, 'set-question-status', { questionIndex, questionStatus, ...(answer !== undefined && { answer }) });

  it('get-game-progress before the start: null times, nothing open, nothing stored', async () => {
    const code = await freshCode();
    const before = await playTables(t.db);
    const progress = await progressOf(` ${code.toLowerCase()} `, 'get-game-progress');
    expect(progress).toMatchObject({
      game_id: game.id,
      game_secret: code,
      game_name: 'Test hunt',
      startTime: null,
      endTime: null,
      score: 0,
      questions: [
        { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
        { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
        { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      ],
    });
    expect(await playTables(t.db)).toEqual(before);
  });

  it('set-start-time creates the play once, activates the code once and keeps the start time on resume', async () => {
    const code = await freshCode();
    const first = await call(code, 'set-start-time');
    expect(first.statusCode).toBe(200);
    const reply = startTimeReplySchema.parse(first.json());
    expect(reply.status).toBe('OK');
    expect(reply.gameProgress).toMatchObject({ game_id: game.id, game_secret: code, endTime: null });
    expect(reply.gameProgress.questions.every((q) => q.status === null && q.hints.length === 2)).toBe(true);
    expect(reply.gameProgress.startTime).not.toBeNull();
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    expect(codeRow.activatedAt).toBeInstanceOf(Date);

    await new Promise((r) => setTimeout(r, 20));
    const again = startTimeReplySchema.parse((await call(code, 'set-start-time')).json());
    expect(again.gameProgress.startTime).toBe(reply.gameProgress.startTime);
    const [codeAgain] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    expect(codeAgain.activatedAt).toEqual(codeRow.activatedAt);
    expect(await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id))).toHaveLength(1);
    expect((await progressOf(code, 'get-game-progress')).startTime).toBe(reply.gameProgress.startTime);
  });

  it('two concurrent set-start-time calls on one code create one play with one start time', async () => {
    const code = await freshCode();
    const replies = await Promise.all([call(code, 'set-start-time'), call(code, 'set-start-time'), call(code, 'set-start-time')]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const startTimes = new Set(replies.map((r) => r.json().gameProgress.startTime));
    expect(startTimes.size).toBe(1);
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    expect(await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id))).toHaveLength(1);
  });

  it.each(['get-game-progress', 'set-start-time', 'set-end-time', 'set-question-status', 'show-question-hint'])(
    '%s refuses a wrong code and another game’s code with the same 403, changing nothing',
    async (action) => {
      const extra = { questionIndex: 0, questionStatus: 'STARTED', hintIndex: 0 };
      const before = await playTables(t.db);
      const missing = await call('NOSUCHCODE9', action, extra);
      const others = await call(otherCode, action, extra);
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({ message: expect.any(String), code: 'wrong_code' });
      expect(others.statusCode).toBe(403);
      expect(others.body).toBe(missing.body);
      expect(await playTables(t.db)).toEqual(before);
      const unknownGame = await progressCall(t.app, { action, gameId: '0123456789abcdef01234567', secretCode: otherCode, ...extra });
      expect(unknownGame.statusCode).toBe(403);
      expect(unknownGame.body).toBe(missing.body);
    },
  );

  it.each([
    ['set-question-status', { questionIndex: 0, questionStatus: 'STARTED' }],
    ['show-question-hint', { questionIndex: 0, hintIndex: 0 }],
    ['set-end-time', {}],
  ])('%s before the start is a 409 conflict and stores nothing', async (action, extra) => {
    const code = await freshCode();
    const before = await playTables(t.db);
    const res = await call(code, action, extra);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: expect.stringMatching(/start/i), code: 'conflict' });
    expect(await playTables(t.db)).toEqual(before);
  });

  it('plays a question through the state machine: judged on the server, idempotent, never backwards', async () => {
    const code = await started();
    expect((await progressOf(code, 'set-question-status', { questionIndex: 0, questionStatus: 'STARTED' })).questions[0].status).toBe('STARTED');

    // A wrong answer changes nothing.
    const before = await playTables(t.db);
    const wrong = await status(code, 0, 'ANSWERED', 'Karavan');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: expect.any(String), code: 'wrong_answer' });
    expect(await playTables(t.db)).toEqual(before);
    // ANSWERED needs the answer.
    expect((await status(code, 0, 'ANSWERED')).statusCode).toBe(400);
    expect(await playTables(t.db)).toEqual(before);

    const answered = progressSchema.parse((await status(code, 0, 'ANSWERED', '  yaacov   AGAM ')).json());
    expect(answered.questions[0]).toEqual({ status: 'ANSWERED', hints: [{ isOpen: false }, { isOpen: false }] });

    // Replays and late updates keep what is there, and change nothing (not even lastUpdate).
    for (const [target, answer] of [['ANSWERED', 'agam'], ['ANSWERED', 'wrong'], ['STARTED', undefined], ['SOLUTION', undefined]] as const) {
      const res = await status(code, 0, target, answer);
      expect(res.statusCode, `${target} after ANSWERED`).toBe(200);
      expect(res.json()).toEqual({ ...answered, score: expect.any(Number) });
    }
    // ANSWERED cannot become SKIPPED.
    const skipped = await status(code, 0, 'SKIPPED');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toEqual({ message: 'Question 1 cannot move from ANSWERED to SKIPPED', code: 'conflict' });

    const done = await progressOf(code, 'set-question-status', { questionIndex: 0, questionStatus: 'DONE' });
    expect(done.questions[0].status).toBe('DONE');
    expect((await status(code, 0, 'STARTED')).json().questions[0].status).toBe('DONE');
  });

  it('refuses DONE before ANSWERED and SKIPPED before SOLUTION with 409, changing nothing', async () => {
    const code = await started();
    const before = await playTables(t.db);
    const done = await status(code, 1, 'DONE');
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: 'Question 2 cannot move from not started to DONE', code: 'conflict' });
    expect((await status(code, 1, 'SKIPPED')).statusCode).toBe(409);
    expect(await playTables(t.db)).toEqual(before);
  });

  it('SOLUTION reveals the first accepted answer as written, SKIPPED keeps it, and a late ANSWERED is kept out', async () => {
    const code = await started();
    const solution = await progressOf(code, 'set-question-status', { questionIndex: 1, questionStatus: 'SOLUTION' });
    expect(solution.questions[1]).toEqual({ status: 'SOLUTION', hints: [{ isOpen: false }, { isOpen: false }], solution: 'Twenty Two' });
    expect(solution.questions[0].solution).toBeUndefined();
    const late = await progressOf(code, 'set-question-status', { questionIndex: 1, questionStatus: 'ANSWERED', answer: 'twenty two' });
    expect(late.questions[1].status).toBe('SOLUTION');
    const skipped = await progressOf(code, 'set-question-status', { questionIndex: 1, questionStatus: 'SKIPPED' });
    expect(skipped.questions[1]).toMatchObject({ status: 'SKIPPED', solution: 'Twenty Two' });
    expect(JSON.stringify(await progressOf(code, 'get-game-progress'))).toContain('"solution":"Twenty Two"');
  });

  it('opens hints irreversibly and idempotently; the score counts them', async () => {
    const code = await started();
    const opened = await progressOf(code, 'show-question-hint', { questionIndex: 2, hintIndex: 1 });
    expect(opened.questions[2].hints).toEqual([{ isOpen: false }, { isOpen: true }]);
    const again = await progressOf(code, 'show-question-hint', { questionIndex: 2, hintIndex: 1 });
    expect(again.lastUpdate).toBe(opened.lastUpdate);
    expect(again.questions[2].hints).toEqual([{ isOpen: false }, { isOpen: true }]);
    // A late STARTED or a replayed status never closes a hint.
    await status(code, 2, 'STARTED');
    expect((await progressOf(code, 'get-game-progress')).questions[2].hints[1].isOpen).toBe(true);
  });

  it.each([
    ['set-question-status', { questionIndex: 3, questionStatus: 'STARTED' }, /questionIndex 3 is out of range/],
    ['show-question-hint', { questionIndex: 3, hintIndex: 0 }, /questionIndex 3 is out of range/],
    ['show-question-hint', { questionIndex: 0, hintIndex: 2 }, /hintIndex 2 is out of range/],
    ['show-question-hint', { questionIndex: 0, hintIndex: 200 }, /hintIndex/],
    ['set-question-status', { questionIndex: -1, questionStatus: 'STARTED' }, /questionIndex/],
  ])('%s with %j is a 400 and changes nothing', async (action, extra, message) => {
    const code = await started();
    const before = await playTables(t.db);
    const res = await call(code, action, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(message) });
    expect(await playTables(t.db)).toEqual(before);
  });

  it('set-end-time: refused while a question is open, then set once; the feedback invitation goes once', async () => {
    const code = await started();
    await progressOf(code, 'show-question-hint', { questionIndex: 0, hintIndex: 0 });
    await status(code, 0, 'ANSWERED', 'אגם');
    await status(code, 0, 'DONE');
    await status(code, 1, 'SOLUTION');
    await status(code, 1, 'SKIPPED');
    const open = await call(code, 'set-end-time');
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ message: expect.stringMatching(/Question 3 is still open/), code: 'conflict' });
    expect(invitations.calls).toEqual([]);

    await status(code, 2, 'ANSWERED', 'הבימה');
    await status(code, 2, 'DONE');
    invitations.fail = true;
    const ended = await progressOf(code, 'set-end-time');
    expect(ended.endTime).not.toBeNull();
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    const [play] = await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id));
    expect(invitations.calls).toEqual([{ playId: play.id }]);

    await new Promise((r) => setTimeout(r, 20));
    const again = await progressOf(code, 'set-end-time');
    expect(again.endTime).toBe(ended.endTime);
    expect(invitations.calls).toHaveLength(1);

    // Two DONE questions, one hint, less than a minute: the shared formula, on the stored play.
    expect(again.score).toBe(200 - 10);
    expect(again.score).toBe(computeScore(again));
  });

  it('the score in every reply is the shared computeScore of that progress', async () => {
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    await buildPlay(t.db, {
      gameId: game.id,
      codeId: codeRow.id,
      startTime: new Date(Date.now() - 17 * 60_000 - 5_000),
      questions: [
        { status: 'DONE', hints: [{ isOpen: true }, { isOpen: true }] },
        { status: 'ANSWERED', hints: [{ isOpen: false }, { isOpen: true }] },
        { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      ],
    });
    const progress = await progressOf(code, 'get-game-progress');
    expect(progress.score).toBe(100 - 30 - 17);
    expect(progress.score).toBe(computeScore(progress));
    const done = await progressOf(code, 'set-question-status', { questionIndex: 1, questionStatus: 'DONE' });
    expect(done.score).toBe(200 - 30 - 17);
  });

  it('keeps both of two devices’ concurrent updates', async () => {
    const code = await started();
    const updates = await Promise.all([
      call(code, 'show-question-hint', { questionIndex: 0, hintIndex: 0 }),
      call(code, 'show-question-hint', { questionIndex: 0, hintIndex: 1 }),
      call(code, 'show-question-hint', { questionIndex: 1, hintIndex: 0 }),
      status(code, 2, 'STARTED'),
      status(code, 1, 'SOLUTION'),
    ]);
    expect(updates.map((u) => u.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const progress = await progressOf(code, 'get-game-progress');
    expect(progress.questions).toEqual([
      { status: null, hints: [{ isOpen: true }, { isOpen: true }] },
      { status: 'SOLUTION', hints: [{ isOpen: true }, { isOpen: false }], solution: 'Twenty Two' },
      { status: 'STARTED', hints: [{ isOpen: false }, { isOpen: false }] },
    ]);
  });

  it('fits a play to a game that gained or lost questions and hints since it started', async () => {
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    // States by id: of a question deleted since, of a hint deleted since, and one that does not read as a state.
    const states = { q1: { status: 'DONE', openHints: ['q1h1', 'q1h2', 'gone-hint'] }, q2: { status: 'BOGUS' }, 'gone-question': { status: 'DONE' } };
    await buildPlay(t.db, { gameId: game.id, codeId: codeRow.id, states });
    const progress = await progressOf(code, 'get-game-progress');
    expect(progress.questions).toEqual([
      { status: 'DONE', hints: [{ isOpen: true }, { isOpen: true }] },
      { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
    ]);
  });

  it('sees a change another server process wrote within PLAY_CACHE_MS', async () => {
    const code = await started();
    expect((await progressOf(code, 'get-game-progress')).questions[0].status).toBeNull();
    const [codeRow] = await t.db.select().from(gameCodes).where(eq(gameCodes.code, code));
    // Another process (here: a direct write) opens a hint.
    const [play] = await t.db.select().from(plays).where(eq(plays.codeId, codeRow.id));
    await t.db.update(plays).set({ states: { ...(play.states as object), q1: { status: 'STARTED' } }, lastUpdate: new Date() }).where(eq(plays.id, play.id));
    await new Promise((r) => setTimeout(r, PLAY_CACHE_MS + 50));
    expect((await progressOf(code, 'get-game-progress')).questions[0].status).toBe('STARTED');
    // Writes always start from the stored play, never from a cached copy.
    const hint = await progressOf(code, 'show-question-hint', { questionIndex: 0, hintIndex: 0 });
    expect(hint.questions[0]).toEqual({ status: 'STARTED', hints: [{ isOpen: true }, { isOpen: false }] });
  });

  describe('malformed calls get a 4xx and change nothing', () => {
    /** [name, body, whether the body gets a real code and game id, so only the named part is wrong]. */
    const cases: Array<[string, unknown, boolean]> = [
      ['unknown action', { action: 'delete-everything' }, true],
      ['no action', {}, true],
      ['missing secretCode', { action: 'get-game-progress', gameId: 'abc' }, false],
      ['missing gameId', { action: 'set-start-time', secretCode: 'abc' }, false],
      ['empty secretCode', { action: 'set-start-time', gameId: 'abc', secretCode: '   ' }, false],
      ['missing questionIndex', { action: 'set-question-status', questionStatus: 'STARTED' }, true],
      ['missing questionStatus', { action: 'set-question-status', questionIndex: 0 }, true],
      ['missing hintIndex', { action: 'show-question-hint', questionIndex: 0 }, true],
      ['unknown status', { action: 'set-question-status', questionIndex: 0, questionStatus: 'WON' }, true],
      ['string index', { action: 'show-question-hint', questionIndex: '0', hintIndex: 0 }, true],
      ['fractional index', { action: 'show-question-hint', questionIndex: 0.5, hintIndex: 0 }, true],
      ['answer not a string', { action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 22 }, true],
      ['number gameId', { action: 'get-game-progress', gameId: 12, secretCode: 'y' }, false],
      ['an array', [{ action: 'get-game-progress' }], false],
      ['null', null, false],
    ];
    it.each(cases)('%s', async (_name, body, withRealCode) => {
      const code = await started();
      const payload = withRealCode ? { ...(body as object), gameId: game.id, secretCode: code } : body;
      const before = await playTables(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/game-progress',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.stringMatching(/^(validation|bad_json)$/) });
      expect(await playTables(t.db)).toEqual(before);
    });

    it('malformed JSON, an empty body and another content type', async () => {
      const before = await playTables(t.db);
      for (const [payload, type, expected] of [
        ['{"action": "set-start-time",', 'application/json', 'bad_json'],
        ['', 'application/json', 'bad_json'],
        ['action=set-start-time', 'text/plain', 'validation'],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: '/api/game-progress', headers: { 'content-type': type }, payload, remoteAddress: nextIp() });
        expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code).toBe(expected);
      }
      expect(await playTables(t.db)).toEqual(before);
    });
  });

  describe('rate limits', () => {
    it('after 10 wrong codes in 10 minutes a client gets 429 even for a right code, counted with GET /api/games/{id}', async () => {
      const code = await freshCode();
      const ip = nextIp();
      for (let i = 0; i < 6; i++) {
        const res = await progressCall(t.app, { action: 'get-game-progress', gameId: game.id, secretCode: i % 2 ? otherCode : `WRONG${i}` }, { ip });
        expect(res.statusCode).toBe(403);
      }
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({ method: 'GET', url: `/api/games/${game.id}`, headers: { 'x-game-secret': `NOPE${i}` }, remoteAddress: ip });
        expect(res.json().questions).toBeUndefined();
      }
      const before = await playTables(t.db);
      const limited = await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: expect.stringMatching(/too many wrong codes/i), code: 'rate_limited' });
      // The window's rest, in seconds (it started with the first wrong code, moments ago).
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(await playTables(t.db)).toEqual(before);
      // Another client with the same code is not affected.
      expect((await progressCall(t.app, { action: 'set-start-time', gameId: game.id, secretCode: code })).statusCode).toBe(200);
    });

    it('allows 300 calls a minute per client, then 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 300; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/game-progress', payload: {}, remoteAddress: ip });
        if (res.statusCode !== 400) throw new Error(`call ${i + 1}: ${res.statusCode}`);
      }
      const limited = await t.app.inject({ method: 'POST', url: '/api/game-progress', payload: {}, remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.app.inject({ method: 'POST', url: '/api/game-progress', payload: {}, remoteAddress: nextIp() })).statusCode).toBe(400);
    });
  });
});
