import { GAME_EXPORT_FORMAT, gameExportSchema, type GameExport, textAnswerValue } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame, everyKindQuestions, gameContent, type QuestionInput } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { storedGame, studioTables } from './test-support.ts';

describe.each(testDatabaseKinds())('export and import on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const exportOf = (gameId: string, token?: string) => call(t, 'GET', `/api/games/export/${gameId}`, { token });
  const importFile = (file: unknown, token?: string) => call(t, 'POST', '/api/games/import', { token, body: file });

  /** A game with our own media (root-relative), other media and a link in its content. */
  async function gameWithMedia(name = 'Test hunt') {
    const owner = await userWithToken(t);
    const base = gameContent();
    const game = await buildGame(t.db, {
      userId: owner.user.id,
      content: {
        metadata: { ...base.metadata, name, coverImage: '/media/covers/3f2a9c0d1e4b5a69.webp' },
        introPage: { content: '<p>Start</p><img src="/media/images/a1.webp" /><video src="https://cdn.example.com/v.mp4"></video>' },
      },
    });
    return { owner, game };
  }

  it('exports the game as a versioned file, attached under the game’s name, with our media written absolute', async () => {
    const { owner, game } = await gameWithMedia();
    const before = Date.now();
    const res = await exportOf(game.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Test-hunt.json"; filename*=UTF-8''Test%20hunt.json`);
    expect(res.headers['cache-control']).toContain('no-store');
    const file = res.json() as GameExport;
    expect(gameExportSchema.safeParse(file).success).toBe(true);
    expect(file).toMatchObject({ format: GAME_EXPORT_FORMAT, version: 3 });
    expect(Date.parse(file.exportedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(file).sort()).toEqual(['exportedAt', 'format', 'game', 'version']);
    const origin = t.config.publicUrl;
    expect(file.game.metadata).toMatchObject({ name: 'Test hunt', price: 45, coverImage: `${origin}/media/covers/3f2a9c0d1e4b5a69.webp` });
    expect(file.game.introPage.content).toBe(`<p>Start</p><img src="${origin}/media/images/a1.webp" /><video src="https://cdn.example.com/v.mp4"></video>`);
    // The owner's answers travel with the game (it is theirs); nothing of the row beyond the content does.
    expect(textAnswerValue(file.game.questions[0].answer)).toBe(textAnswerValue(game.content.questions[0].answer));
    expect(Object.keys(file.game).sort()).toEqual(['gameoverPage', 'introPage', 'metadata', 'questions']);
    for (const field of ['_id', 'userId', 'status', 'answerSalt']) expect(JSON.stringify(file)).not.toContain(`"${field}"`);
  });

  it('names a Hebrew game’s file in filename* (RFC 5987), with an ASCII fallback', async () => {
    const { owner, game } = await gameWithMedia('ציד "אוצרות" בתל אביב');
    const disposition = (await exportOf(game.id, owner.token)).headers['content-disposition'];
    expect(disposition).toBe(`attachment; filename="game.json"; filename*=UTF-8''${encodeURIComponent('ציד "אוצרות" בתל אביב.json')}`);
  });

  it('an admin may export any game; anonymous gets 401', async () => {
    const admin = await userWithToken(t, { role: 'admin' });
    const { game } = await gameWithMedia();
    expect((await exportOf(game.id, admin.token)).statusCode).toBe(200);
    expect((await exportOf(game.id)).statusCode).toBe(401);
  });

  it('export then import round-trips the content into a new draft of the importer', async () => {
    const { owner, game } = await gameWithMedia();
    const exported = (await exportOf(game.id, owner.token)).json() as GameExport;
    const importer = await userWithToken(t);
    const res = await importFile(exported, importer.token);
    expect(res.statusCode).toBe(200);
    const row = await storedGame(t.db, res.json().data._id);
    expect(row).toMatchObject({ userId: importer.user.id, status: 'DRAFT', version: 1, approvedAt: null });
    // Our own media come back root-relative, as they were stored.
    expect(row.metadata).toMatchObject({ coverImage: '/media/covers/3f2a9c0d1e4b5a69.webp' });
    expect(row.introPage).toEqual(game.content.introPage);
    expect(row.questions).toEqual(game.content.questions);
    expect(row.gameoverPage).toEqual(game.content.gameoverPage);

    const again = (await exportOf(row.id, importer.token)).json() as GameExport;
    expect({ ...again, exportedAt: '' }).toEqual({ ...exported, exportedAt: '' });
  });

  it('every answer kind travels through export and import (version 2)', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null, content: { questions: everyKindQuestions() } });
    const exported = (await exportOf(game.id, owner.token)).json() as GameExport;
    expect(exported.game.questions.map((q) => q.answer.kind)).toEqual(['text', 'text', 'text', 'text', 'number', 'choice', 'none']);
    const importer = await userWithToken(t);
    const res = await importFile(exported, importer.token);
    expect(res.statusCode).toBe(200);
    expect((await storedGame(t.db, res.json().data._id)).questions).toEqual(game.content.questions);
  });

  /** Every answer kind, with a flow: a branch question whose options open different questions, a rule per outcome. */
  const flowQuestions = (): QuestionInput[] => {
    const questions = everyKindQuestions();
    const choice = questions.find((q) => q.answer.kind === 'choice')!;
    const options = choice.answer.kind === 'choice' ? choice.answer.options : [];
    return questions.map((q, i) => {
      if (q === choice) return { ...q, then: [{ on: { chose: options[0]!.id }, do: [{ setFlag: 'early' }, { say: 'Well chosen' }] }, { on: 'wrong' as const, do: [{ addPoints: -5 }] }] };
      if (i === questions.length - 1) return { ...q, when: { any: [{ chose: { question: choice.id!, option: options[1]!.id } }, { flag: 'early' }] }, then: [{ on: 'right' as const, do: [{ end: true as const }] }] };
      if (i === 1) return { ...q, when: { not: { skipped: questions[0]!.id! } } };
      return q;
    });
  };

  it('a question’s flow (when, then) travels through export and import (version 3)', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null, content: { questions: flowQuestions() } });
    const exported = (await exportOf(game.id, owner.token)).json() as GameExport;
    expect(exported.version).toBe(3);
    expect(exported.game.questions.map((q) => [q.when, q.then])).toEqual(game.content.questions.map((q) => [q.when, q.then]));
    const importer = await userWithToken(t);
    const res = await importFile(exported, importer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedGame(t.db, res.json().data._id)).questions).toEqual(game.content.questions);
  });

  it('a version 2 file (no flow) still imports: its questions carry no when or then', async () => {
    const importer = await userWithToken(t);
    const content = gameContent({ questions: everyKindQuestions() });
    const res = await importFile({ format: GAME_EXPORT_FORMAT, version: 2, exportedAt: '2025-06-01T09:30:00.000Z', game: content }, importer.token);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await storedGame(t.db, res.json().data._id)).questions as GameExport['game']['questions'];
    expect(stored).toEqual(content.questions);
    expect(stored.some((q) => 'when' in q || 'then' in q)).toBe(false);
  });

  it('a version 1 file (answers without a kind) still imports, its answers as text', async () => {
    const importer = await userWithToken(t);
    const content = gameContent();
    const v1Questions = content.questions.map(({ answer, ...question }) => ({ ...question, answer: { value: textAnswerValue(answer), content: answer.content, contentAfterAnswer: answer.contentAfterAnswer } }));
    const file = { format: GAME_EXPORT_FORMAT, version: 1, exportedAt: '2025-06-01T09:30:00.000Z', game: { ...content, questions: v1Questions } };
    const res = await importFile(file, importer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedGame(t.db, res.json().data._id)).questions).toEqual(content.questions);
  });

  it('import cleans rich text as a save does', async () => {
    const importer = await userWithToken(t);
    const file = {
      format: GAME_EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      game: { ...gameContent(), introPage: { content: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">a</a>' } },
    };
    const res = await importFile(file, importer.token);
    expect(res.statusCode).toBe(200);
    expect((await storedGame(t.db, res.json().data._id)).introPage).toEqual({ content: '<p>Hi</p><a>a</a>' });
  });

  describe('a file that is not a game of this version: 400 with a readable message, nothing stored', () => {
    const valid = () => ({ format: GAME_EXPORT_FORMAT, version: 2, exportedAt: '2025-06-01T09:30:00.000Z', game: gameContent() });
    const withQuestion = (change: Record<string, unknown>) => {
      const file = valid();
      return { ...file, game: { ...file.game, questions: [{ ...file.game.questions[0], ...change }] } };
    };
    /** A version 3 file with a flow on question `index`. */
    const withFlow = (index: number, flow: Record<string, unknown>) => {
      const file = valid();
      return { ...file, version: 3, game: { ...file.game, questions: file.game.questions.map((q, i) => (i === index ? { ...q, ...flow } : q)) } };
    };
    const cases: { name: string; file: unknown; message: string }[] = [
      { name: 'a list', file: [], message: 'This is not a StreetHunt game file: expected a JSON object, got a list' },
      { name: 'a number', file: 5, message: 'This is not a StreetHunt game file: expected a JSON object, got a number' },
      { name: 'an empty object', file: {}, message: 'This is not a StreetHunt game file: it has no "format" (expected "streethunt-game")' },
      { name: 'another format', file: { ...valid(), format: 'other-app' }, message: 'This is not a StreetHunt game file: its format is "other-app", expected "streethunt-game"' },
      { name: 'version 4', file: { ...valid(), version: 4 }, message: 'This file is version 4; this server reads versions 1, 2 and 3' },
      { name: 'version "1" as text', file: { ...valid(), version: '1' }, message: 'This file is version "1"; this server reads versions 1, 2 and 3' },
      { name: 'no version', file: { ...valid(), version: undefined }, message: 'This game file has no "version"; this server reads versions 1, 2 and 3' },
      {
        name: 'a condition of an unknown kind',
        file: withFlow(1, { when: { after: 'q1' } }),
        message: 'This game file cannot be imported: game.questions.1.when (question "q2"): a condition is an object with one of done, skipped, chose, flag, scoreAtLeast, minutesAtLeast, all, any, not; it has "after"',
      },
      {
        name: 'a condition naming a question by a number, deep in an any',
        file: withFlow(1, { when: { any: [{ flag: 'x' }, { not: { done: 5 } }] } }),
        message: 'This game file cannot be imported: game.questions.1.when.any.1.not.done (question "q2"): expected string, received number',
      },
      {
        name: 'a condition nested 6 deep',
        file: withFlow(1, { when: { not: { not: { not: { not: { not: { done: 'q1' } } } } } } }),
        message: 'This game file cannot be imported: game.questions.1.when (question "q2"): a condition nests at most 5 deep',
      },
      {
        name: 'a rule on an option its question does not have',
        file: withFlow(0, { then: [{ on: { chose: 'o-none' }, do: [{ end: true }] }] }),
        message: 'This game file cannot be imported: game.questions.0.then: question q1: a rule names an option it does not have (o-none)',
      },
      {
        name: 'an action of an unknown kind',
        file: withFlow(0, { then: [{ on: 'right', do: [{ teleport: true }] }] }),
        message: 'This game file cannot be imported: game.questions.0.then.0.do.0 (question "q1"): expected an object with one of setFlag, addPoints, say, end; it has "teleport"',
      },
      {
        name: 'an action of a known kind with a value of the wrong type',
        file: withFlow(0, { then: [{ on: 'right', do: [{ addPoints: 'ten' }] }] }),
        message: 'This game file cannot be imported: game.questions.0.then.0.do.0.addPoints (question "q1"): expected number, received string',
      },
      {
        name: 'points past the limit',
        file: withFlow(0, { then: [{ on: 'right', do: [{ addPoints: 1e6 }] }] }),
        message: 'This game file cannot be imported: game.questions.0.then.0.do.0.addPoints (question "q1"): Too big: expected number to be <=1000',
      },
      {
        name: 'a choice of one option',
        file: withQuestion({ answer: { kind: 'choice', options: [{ id: 'a', text: 'A', correct: true }], content: '', contentAfterAnswer: '' } }),
        message: 'This game file cannot be imported: game.questions.0.answer.options: a choice needs at least 2 options',
      },
      {
        name: 'a number answer with a tolerance below 0',
        file: withQuestion({ answer: { kind: 'number', value: 12, tolerance: -1, content: '', contentAfterAnswer: '' } }),
        message: 'This game file cannot be imported: game.questions.0.answer.tolerance: a tolerance must not be below 0',
      },
      {
        name: 'an answer of the wrong type',
        file: withQuestion({ answer: { ...gameContent().questions[0].answer, value: 5 } }),
        message: 'This game file cannot be imported: game.questions.0.answer.value: expected string, received number',
      },
      {
        name: 'a point with lat 200',
        file: withQuestion({ location: { lat: 200, lng: 34.7 } }),
        message: 'This game file cannot be imported: game.questions.0.location.lat: Too big: expected number to be <=90',
      },
      {
        name: 'a polygon of 10,000 points',
        file: withQuestion({ location: Array.from({ length: 10_000 }, () => ({ lat: 32, lng: 34 })) }),
        message: 'This game file cannot be imported: game.questions.0.location: Too big: expected array to have <=200 items',
      },
      {
        name: 'a price of 1e9',
        file: { ...valid(), game: { ...valid().game, metadata: { ...valid().game.metadata, price: 1e9 } } },
        message: 'This game file cannot be imported: game.metadata.price: must be at most 10000',
      },
      {
        name: 'an unknown field',
        file: { ...valid(), game: { ...valid().game, secret: true } },
        message: 'This game file cannot be imported: game: Unrecognized key: "secret"',
      },
      { name: 'no game', file: { ...valid(), game: undefined }, message: 'This game file cannot be imported: game: expected object, received undefined' },
    ];

    it.each(cases)('$name', async ({ file, message }) => {
      const importer = await userWithToken(t);
      const before = await studioTables(t.db);
      const res = await importFile(file, importer.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message });
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('lists each problem with its path beside the message', async () => {
      const importer = await userWithToken(t);
      const file = valid();
      const res = await importFile({ ...file, game: { ...file.game, metadata: { ...file.game.metadata, map: 'yes', language: 'fr' } } }, importer.token);
      expect(res.json().issues).toEqual([
        { path: 'game.metadata.language', message: expect.stringContaining('game.metadata.language: ') },
        { path: 'game.metadata.map', message: 'game.metadata.map: expected boolean, received string' },
      ]);
    });

    it('a format or version nested deeper than JSON.stringify can write is quoted by its kind (found by the route fuzzer: 500)', async () => {
      const importer = await userWithToken(t);
      const before = await studioTables(t.db);
      const deep = (open: string, close: string) => `${open.repeat(100_000)}1${close.repeat(100_000)}`;
      for (const [raw, message] of [
        [`{"format":"streethunt-game","version":${deep('{"a":', '}')}}`, 'This file is version {…}; this server reads versions 1, 2 and 3'],
        [`{"format":${deep('[', ']')},"version":1}`, 'This is not a StreetHunt game file: its format is […], expected "streethunt-game"'],
      ]) {
        const res = await call(t, 'POST', '/api/games/import', { token: importer.token, raw });
        expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
      }
      expect((await studioTables(t.db)).text).toBe(before.text);
    });

    it('malformed JSON is 400 bad_json, an anonymous import 401', async () => {
      const importer = await userWithToken(t);
      const broken = await call(t, 'POST', '/api/games/import', { token: importer.token, raw: '{"format": "streethunt-game",' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('bad_json');
      expect((await importFile(valid())).statusCode).toBe(401);
    });
  });
});
