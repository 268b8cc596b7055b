import { gameListReplySchema, gameReplySchema, progressSchema, type GameContent, type Translation } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { saveBody, storedGame, studioTables } from '../studio/test-support.ts';

/** The factory's Hebrew game in English: every text it has, by its ids. */
function english(content: GameContent): Translation {
  return {
    metadata: { name: 'The test hunt', locationCity: 'Tel Aviv (en)', locationText: 'Dizengoff Square (en)' },
    introPage: { content: '<p>Welcome, in English</p>' },
    gameoverPage: { content: '<p>Well done, in English</p>' },
    questions: Object.fromEntries(
      content.questions.map((q) => [
        q.id,
        {
          content: `<p>${q.id} in English</p>`,
          ...((q.answer.content || q.answer.contentAfterAnswer) && {
            answer: {
              ...(q.answer.content && { content: `<p>${q.id} before, in English</p>` }),
              ...(q.answer.contentAfterAnswer && { contentAfterAnswer: `<p>${q.id} after, in English</p>` }),
            },
          }),
          answers: `${q.id} english answer`,
          hints: Object.fromEntries(q.hints.map((h) => [h.id, { content: `<p>${h.id} in English</p>`, ...(h.title !== undefined && { title: `${h.id} title` }) }])),
        },
      ]),
    ),
  };
}

describe.each(testDatabaseKinds())('one game in two languages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const save = (gameId: string, body: unknown, token: string) => call(t, 'POST', `/api/games/${gameId}`, { token, body });

  async function draft() {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    return { owner, game };
  }

  it('a save stores the translation; the owner reads it back; the game is offered in both languages once it is complete', async () => {
    const { owner, game } = await draft();
    const whole = english(game.content);
    const partial: Translation = { ...whole, gameoverPage: {} };
    const first = await save(game.id, { ...saveBody(game.content, 1), translations: { en: partial } }, owner.token);
    expect(first.statusCode).toBe(200);
    // Not complete: the original only.
    expect(first.json().data.metadata.languages).toBeUndefined();
    const second = await save(game.id, { ...saveBody(game.content, 2), translations: { en: whole } }, owner.token);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ metadata: { language: 'he', languages: ['he', 'en'] }, translations: { en: whole } });
    const loaded = gameReplySchema.parse((await getGame(t.app, game.id, { token: owner.token })).json());
    expect(loaded.translations?.en).toEqual(whole);
    expect(loaded.metadata.languages).toEqual(['he', 'en']);
    // A client written to the spec sends back no translations: they are kept.
    const { translations: _none, ...specClient } = loaded;
    expect((await save(game.id, { ...specClient, version: 3 }, owner.token)).statusCode).toBe(200);
    expect((await storedGame(t.db, game.id))!.translations).toEqual({ en: whole });
  });

  it('refuses a language the platform does not offer, a key that is not the game’s, a text over its limit, markup in a plain text: 400 naming the field, nothing stored', async () => {
    const { owner, game } = await draft();
    const before = await studioTables(t.db);
    const cases: Array<[unknown, string]> = [
      [{ fr: { metadata: { name: 'Une chasse' } } }, 'Unrecognized key: \\"fr'],
      [{ en: { questions: { nope: { content: '<p>x</p>' } } } }, 'translations.en.questions.nope.content'],
      [{ en: { questions: { q1: { hints: { q2h1: { content: '<p>x</p>' } } } } } }, 'translations.en.questions.q1.hints.q2h1.content'],
      [{ en: { metadata: { name: 'x'.repeat(201) } } }, 'translations.en.metadata.name'],
      [{ en: { metadata: { name: '<b>bold</b>' } } }, 'translations.en.metadata.name'],
      [{ he: { metadata: { name: 'שם' } } }, 'translations.he'],
    ];
    for (const [translations, field] of cases) {
      const reply = await save(game.id, { ...saveBody(game.content, 1), translations }, owner.token);
      expect(reply.statusCode, JSON.stringify(translations)).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
      expect(JSON.stringify(reply.json()), JSON.stringify(translations)).toContain(field);
    }
    expect((await studioTables(t.db)).text).toBe(before.text);
  });

  it('rich text in a translation is cleaned as the original’s is', async () => {
    const { owner, game } = await draft();
    const evil = { ...english(game.content), introPage: { content: '<p>Kept</p><script>alert(1)</script><img src="x" onerror="alert(2)">' } };
    expect((await save(game.id, { ...saveBody(game.content, 1), translations: { en: evil } }, owner.token)).statusCode).toBe(200);
    const stored = (await storedGame(t.db, game.id))!.translations as { en: Translation };
    expect(stored.en.introPage?.content).toBe('<p>Kept</p><img />');
  });

  it('a translation’s own cover: kept when it is a media address the rules allow, shown in its language; another is dropped, the original’s shows', async () => {
    const { owner, game } = await draft();
    const whole = english(game.content);
    const cover = 'https://cdn.example.com/cover-en.webp';
    const withCover = { ...whole, metadata: { ...whole.metadata, coverImage: cover } };
    expect((await save(game.id, { ...saveBody({ ...game.content, metadata: { ...game.content.metadata, coverImage: 'https://cdn.example.com/cover-he.webp' } }, 1), translations: { en: withCover } }, owner.token)).statusCode).toBe(200);
    expect(((await storedGame(t.db, game.id))!.translations as { en: Translation }).en.metadata?.coverImage).toBe(cover);
    const code = (await buildCode(t.db, { gameId: game.id })).code;
    expect((await getGame(t.app, game.id, { secret: code, lang: 'en' })).json().metadata.coverImage).toBe(cover);
    expect((await getGame(t.app, game.id, { secret: code })).json().metadata.coverImage).toBe('https://cdn.example.com/cover-he.webp');
    const evil = { ...whole, metadata: { ...whole.metadata, coverImage: 'javascript:alert(1)' } };
    expect((await save(game.id, { ...saveBody(game.content, 2), translations: { en: evil } }, owner.token)).statusCode).toBe(200);
    expect(((await storedGame(t.db, game.id))!.translations as { en: Translation }).en.metadata).toEqual(whole.metadata);
  });

  it('export carries the translations; importing the file makes a draft with them; a file whose translation names no text of its game is 400', async () => {
    const { owner, game } = await draft();
    const whole = english(game.content);
    expect((await save(game.id, { ...saveBody(game.content, 1), translations: { en: whole } }, owner.token)).statusCode).toBe(200);
    const file = (await call(t, 'GET', `/api/games/export/${game.id}`, { token: owner.token })).json();
    expect(file).toMatchObject({ version: 3, game: { translations: { en: whole }, metadata: { languages: ['he', 'en'] } } });
    const imported = await call(t, 'POST', '/api/games/import', { token: owner.token, body: file });
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = await storedGame(t.db, imported.json().data._id);
    expect(copy).toMatchObject({ translations: { en: whole }, metadata: { languages: ['he', 'en'] } });
    const before = await studioTables(t.db);
    const stray = { ...file, game: { ...file.game, translations: { en: { questions: { elsewhere: { content: '<p>x</p>' } } } } } };
    const refused = await call(t, 'POST', '/api/games/import', { token: owner.token, body: stray });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('translations.en.questions.elsewhere');
    expect((await studioTables(t.db)).text).toBe(before.text);
  });

  describe('a player', () => {
    let gameId: string;
    let code: string;
    let content: GameContent;
    beforeAll(async () => {
      content = gameContent();
      content = { ...content, translations: { en: english(content) } };
      gameId = (await buildGame(t.db, { content })).id;
      code = (await buildCode(t.db, { gameId })).code;
    });

    it('reads the game in English with the same ids and shape, and in Hebrew as it was written', async () => {
      const en = gameReplySchema.parse((await getGame(t.app, gameId, { secret: code, lang: 'en' })).json());
      const he = gameReplySchema.parse((await getGame(t.app, gameId, { secret: code })).json());
      expect(en.metadata).toMatchObject({ name: 'The test hunt', language: 'en', originalLanguage: 'he', languages: ['he', 'en'] });
      expect(en.introPage.content).toBe('<p>Welcome, in English</p>');
      expect(en.questions!.map((q) => q.id)).toEqual(he.questions!.map((q) => q.id));
      expect(en.questions![0]).toMatchObject({ content: '<p>q1 in English</p>', hints: [{ id: 'q1h1', title: 'q1h1 title', content: '<p>q1h1 in English</p>' }, { id: 'q1h2' }] });
      expect(en.questions![0]!.answer.hashes).toEqual(he.questions![0]!.answer.hashes);
      expect(he.metadata).toMatchObject({ name: 'Test hunt', language: 'he' });
      expect(he.metadata.originalLanguage).toBeUndefined();
      // The translation itself is the owner's: no player reply carries it.
      expect(JSON.stringify(en)).not.toContain('"translations"');
      // Without a code: the public part, in English too.
      expect((await getGame(t.app, gameId, { lang: 'en' })).json()).toMatchObject({ metadata: { name: 'The test hunt' }, introPage: { content: '<p>Welcome, in English</p>' } });
    });

    it('an English reply never reaches a Hebrew request, however the cache is warmed', async () => {
      for (const lang of ['en', undefined, 'en', 'he', undefined, 'en']) {
        const reply = gameReplySchema.parse((await getGame(t.app, gameId, { secret: code, ...(lang && { lang }) })).json());
        expect(reply.metadata.language).toBe(lang ?? 'he');
        expect(reply.introPage.content).toBe(lang === 'en' ? '<p>Welcome, in English</p>' : '<p>Welcome to the test hunt</p>');
        const card = gameReplySchema.parse((await getGame(t.app, gameId, { ...(lang && { lang }) })).json());
        expect(card.metadata.name).toBe(lang === 'en' ? 'The test hunt' : 'Test hunt');
      }
    });

    it('?lang= of a language the platform does not offer is 400; one the game has not complete is 404 language_not_ready', async () => {
      expect((await getGame(t.app, gameId, { secret: code, lang: 'fr' })).statusCode).toBe(400);
      const hebrewOnly = (await buildGame(t.db)).id;
      const reply = await getGame(t.app, hebrewOnly, { lang: 'en' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'language_not_ready', message: expect.any(String) });
    });

    it('is right in either language, on the server', async () => {
      const played = (await buildCode(t.db, { gameId })).code;
      expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: played })).statusCode).toBe(200);
      const answer = (questionIndex: number, sent: string) =>
        progressCall(t.app, { action: 'set-question-status', gameId, secretCode: played, questionIndex, questionStatus: 'ANSWERED', answer: sent });
      const first = await answer(0, 'Q1 English answer');
      expect(first.statusCode, first.body).toBe(200);
      expect(progressSchema.parse(first.json()).questions[0]!.status).toBe('ANSWERED');
      expect((await answer(1, 'עשרים ושתיים')).statusCode).toBe(200);
      expect((await answer(2, 'not it')).statusCode).toBe(422);
    });

    it('is listed under both language filters, with both languages on its card', async () => {
      for (const language of ['he', 'en']) {
        const list = gameListReplySchema.parse((await call(t, 'GET', `/api/games?language=${language}&limit=50`)).json());
        const card = list.data.find((game) => game._id === gameId);
        expect(card?.metadata.languages, language).toEqual(['he', 'en']);
      }
      const hebrewOnly = (await buildGame(t.db)).id;
      const english = gameListReplySchema.parse((await call(t, 'GET', '/api/games?language=en&limit=50')).json());
      expect(english.data.some((game) => game._id === hebrewOnly)).toBe(false);
    });
  });
});
