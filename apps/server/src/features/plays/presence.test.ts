import { controlRoomSchema, gameReplySchema, presenceCodesReplySchema, printedPresenceCode, progressSchema, type GameContent } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { anyOrder, buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { presenceCodes } from '../games/presence-codes.ts';
import { WRONG_GUESSES_PER_MINUTE } from './guess-limit.ts';

// Question 1 opens only with its spot code, question 2 with GPS or the code, question 3 as the spec's.
const QR = 0;
const GPS_OR_QR = 1;
const GPS = 2;

function presenceContent(): Partial<GameContent> {
  const [first, second, third] = gameContent().questions;
  // Each question is begun on its own here, so the game takes them in any order (play-flow.test.ts holds the order).
  return { ...anyOrder(), questions: [{ ...first!, presence: 'qr' }, { ...second!, presence: 'gps-or-qr' }, third!] };
}

describe.each(testDatabaseKinds())('proof of presence by the spot’s QR code on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;
  let codes: string[];

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    owner = await userWithToken(t);
    game = await buildGame(t.db, { userId: owner.user.id, content: presenceContent() });
    codes = game.content.questions.map((question) => presenceCodes(t.app.services).codeOf(game, question.id));
  });
  afterAll(() => t.close());

  const codesOf = (gameId: string, token?: string) => call(t, 'GET', `/api/games/presence-codes/${gameId}`, { token });
  const started = async (gameId = game.id, secret?: string) => {
    const code = secret ?? (await buildCode(t.db, { gameId })).code;
    expect((await progressCall(t.app, { action: 'set-start-time', gameId, secretCode: code })).statusCode).toBe(200);
    return code;
  };
  const begin = (code: string, questionIndex: number, extra: Record<string, unknown> = {}, gameId = game.id) =>
    progressCall(t.app, { action: 'set-question-status', gameId, secretCode: code, questionIndex, questionStatus: 'STARTED', ...extra });
  const statuses = async (code: string, gameId = game.id) =>
    progressSchema.parse((await progressCall(t.app, { action: 'get-game-progress', gameId, secretCode: code })).json()).questions.map((q) => q.status);

  it('gives the owner every question’s code, and no one else', async () => {
    const res = await codesOf(game.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const reply = presenceCodesReplySchema.parse(res.json());
    expect(reply.data).toEqual({ gameId: game.id, codes: game.content.questions.map((q, i) => ({ questionId: q.id, code: codes[i] })) });
    expect(new Set(codes).size).toBe(codes.length);
    const stranger = await userWithToken(t);
    expect((await codesOf(game.id, stranger.token)).json()).toMatchObject({ code: 'not_found' });
    expect((await codesOf(game.id)).statusCode).toBe(401);
  });

  it('gives the player nothing of a spot code to try offline (no code, no hash), nor the owner the code in the game', async () => {
    const secret = (await buildCode(t.db, { gameId: game.id })).code;
    const res = await getGame(t.app, game.id, { secret });
    const questions = gameReplySchema.parse(res.json()).questions!;
    expect(questions.map((q) => q.presence)).toEqual(['qr', 'gps-or-qr', undefined]);
    // Read raw: a schema could drop a field the phone still receives.
    const raw = res.json() as { questions: Array<Record<string, unknown>> };
    for (const question of raw.questions) expect(Object.keys(question).filter((key) => /presence(?!$)/i.test(key))).toEqual([]);
    const ownerText = (await getGame(t.app, game.id, { token: owner.token })).body;
    expect(ownerText).not.toMatch(/presenceHash/i);
    for (const code of codes) {
      expect(res.body).not.toContain(code);
      expect(ownerText).not.toContain(code);
    }
  });

  it('begins a QR question only with its code: none or a wrong one is a 422 that changes nothing', async () => {
    const code = await started();
    expect((await begin(code, QR)).json()).toMatchObject({ code: 'presence_required' });
    // Nor around it, straight to an answer or a skip.
    expect((await begin(code, QR, { questionStatus: 'SOLUTION' })).json()).toMatchObject({ code: 'presence_required' });
    const wrong = await begin(code, QR, { presenceCode: codes[GPS] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'wrong_presence_code', message: expect.any(String) });
    expect(await statuses(code)).toEqual([null, null, null]);

    // Typed as printed, in lower case: the same code.
    const right = await begin(code, QR, { presenceCode: printedPresenceCode(codes[QR]!).toLowerCase() });
    expect(right.statusCode).toBe(200);
    expect(progressSchema.parse(right.json()).questions[QR]!.status).toBe('STARTED');
    // A replay (another device, a queue sent twice) gets the progress, whatever it carries.
    expect((await begin(code, QR, { presenceCode: 'WRONG' })).statusCode).toBe(200);
  });

  it('takes at most WRONG_GUESSES_PER_MINUTE wrong codes a minute at a question of a play, from any number of addresses: then 429, the right code too', async () => {
    const code = await started();
    for (let i = 0; i < WRONG_GUESSES_PER_MINUTE; i++) expect((await begin(code, QR, { presenceCode: `WRONG${i}` })).json()).toMatchObject({ code: 'wrong_presence_code' });
    const refused = await begin(code, QR, { presenceCode: codes[QR] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_guesses', message: expect.any(String) });
    expect(await statuses(code)).toEqual([null, null, null]);
    // Another play of the game is not held back.
    expect((await begin(await started(), QR, { presenceCode: codes[QR] })).statusCode).toBe(200);
  });

  it('begins a GPS-or-QR question with GPS (the phone’s word) or its right code; a GPS question as ever', async () => {
    const code = await started();
    expect((await begin(code, GPS_OR_QR, { presenceCode: codes[QR] })).json()).toMatchObject({ code: 'wrong_presence_code' });
    expect((await begin(code, GPS_OR_QR)).statusCode).toBe(200);
    expect((await begin(code, GPS)).statusCode).toBe(200);
    expect(await statuses(code)).toEqual([null, 'STARTED', 'STARTED']);
    const other = await started();
    expect((await begin(other, GPS_OR_QR, { presenceCode: codes[GPS_OR_QR] })).statusCode).toBe(200);
  });

  it('saves the setting: the owner’s game sent back as it came (with its hashes) keeps each question’s proof', async () => {
    const draft = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null, content: presenceContent() });
    const loaded = (await getGame(t.app, draft.id, { token: owner.token })).json();
    const changed = { ...loaded, questions: loaded.questions.map((q: object, i: number) => (i === GPS ? { ...q, presence: 'gps-or-qr' } : q)) };
    const saved = await call(t, 'POST', `/api/games/${draft.id}`, { token: owner.token, body: changed });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.questions.map((q: { presence?: string }) => q.presence)).toEqual(['qr', 'gps-or-qr', 'gps-or-qr']);
    const refused = await call(t, 'POST', `/api/games/${draft.id}`, { token: owner.token, body: { ...changed, version: saved.json().data.version, questions: [{ ...changed.questions[0], presence: 'nfc' }] } });
    expect(refused.statusCode).toBe(400);
  });

  it('keeps the codes of the listed game on the draft of its next version (signs stay right once it is published)', async () => {
    const listed = await buildGame(t.db, { userId: owner.user.id, content: presenceContent() });
    const opened = await call(t, 'POST', `/api/games/next-version/${listed.id}`, { token: owner.token, body: {} });
    const draftId = opened.json().data._id as string;
    expect(draftId).not.toBe(listed.id);
    const ofListed = presenceCodesReplySchema.parse((await codesOf(listed.id, owner.token)).json()).data;
    const ofDraft = presenceCodesReplySchema.parse((await codesOf(draftId, owner.token)).json()).data;
    expect(ofDraft).toEqual(ofListed);
    expect(ofDraft.gameId).toBe(listed.id);
  });

  it('in an event (sealed) the phone gets no hash, and the server checks the code the team sends', async () => {
    const made = await call(t, 'POST', '/api/events', {
      token: owner.token,
      body: { gameId: game.id, name: 'Class 7B', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), teamCount: 2 },
    });
    expect(made.statusCode).toBe(200);
    const room = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: owner.token })).json().data);
    const team = room.teams[0]!.code;
    const sealed = gameReplySchema.parse((await getGame(t.app, game.id, { secret: team })).json()).questions!;
    expect(sealed[QR]!.presence).toBe('qr');
    await started(game.id, team);
    expect((await begin(team, QR, { presenceCode: codes[GPS_OR_QR] })).json()).toMatchObject({ code: 'wrong_presence_code' });
    expect((await begin(team, QR, { presenceCode: codes[QR] })).statusCode).toBe(200);
    expect((await statuses(team))[QR]).toBe('STARTED');
  });
});
