import { controlRoomSchema, gameReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame, gameContent } from '../../test/factories.ts';
import { getGame, progressCall } from '../../test/player-calls.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';

const hour = 60 * 60_000;

describe.each(testDatabaseKinds())('what an event phone reads before it answers, on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await userWithToken(t);
    game = await buildGame(t.db, { userId: creator.user.id });
  });
  afterAll(() => t.close());

  it('the text after an answer comes only once the team’s answer is accepted, or the question is skipped', async () => {
    const body = { gameId: game.id, name: 'Sealed', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount: 1 };
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body });
    const [team] = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token })).json().data).teams;
    const read = async () => gameReplySchema.parse((await getGame(t.app, game.id, { secret: team.code })).json()).questions ?? [];
    const [first, second] = game.content.questions;

    const before = await read();
    for (const question of before) {
      expect(question.answer.contentAfterAnswer).toBe('');
      expect(JSON.stringify(question)).not.toContain('1986');
    }
    // A question with no text after it has nothing to wait for.
    expect(before.map((question) => question.answer.contentAfterAnswerSealed)).toEqual([true, true, undefined]);
    // Outside events the phone has it at once, as always.
    const ordinary = await buildCode(t.db, { gameId: game.id });
    expect(gameReplySchema.parse((await getGame(t.app, game.id, { secret: ordinary.code })).json()).questions?.[0].answer.contentAfterAnswer).toBe(first.answer.contentAfterAnswer);

    const play = (extra: Record<string, unknown>) => progressCall(t.app, { gameId: game.id, secretCode: team.code, ...extra });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: 'not it' })).statusCode).toBe(422);
    expect((await read())[0].answer.contentAfterAnswer).toBe('');
    const typed = first.answer.kind === 'text' ? first.answer.value.split(',')[0] : '';
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    const answered = await read();
    expect(answered[0].answer.contentAfterAnswer).toBe(first.answer.contentAfterAnswer);
    expect(answered[0].answer.contentAfterAnswerSealed).toBeUndefined();
    expect(answered[1].answer).toMatchObject({ contentAfterAnswer: '', contentAfterAnswerSealed: true });

    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'DONE' })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 1, questionStatus: 'SOLUTION' })).statusCode).toBe(200);
    expect((await read())[1].answer.contentAfterAnswer).toBe(second.answer.contentAfterAnswer);
  });
  it('what a question’s rules say after its answer comes with the text after it; a wrong try’s words and the rules’ other actions come at once', async () => {
    const [first, ...others] = gameContent().questions;
    const typed = first.answer.kind === 'text' ? first.answer.value.split(',')[0] : '';
    const rules = [
      { on: 'right' as const, do: [{ say: 'It was built in 1986!' }, { setFlag: 'tower' }] },
      { on: 'wrong' as const, do: [{ say: 'Look up at the clock.' }] },
      { on: 'skipped' as const, do: [{ say: 'The answer was 1986.' }] },
    ];
    const ruled = await buildGame(t.db, { userId: creator.user.id, content: { questions: [{ ...first, answer: { ...first.answer, contentAfterAnswer: '' }, then: rules }, ...others] } });
    const body = { gameId: ruled.id, name: 'Sealed rules', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount: 1 };
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body });
    const [team] = controlRoomSchema.parse((await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token })).json().data).teams;
    const read = async () => gameReplySchema.parse((await getGame(t.app, ruled.id, { secret: team.code })).json()).questions ?? [];

    const before = (await read())[0];
    expect(JSON.stringify(before)).not.toContain('1986');
    expect(before.then).toEqual([{ on: 'right', do: [{ setFlag: 'tower' }] }, { on: 'wrong', do: [{ say: 'Look up at the clock.' }] }]);
    // The phone waits for the words after the answer, though the question has no text after it of its own.
    expect(before.answer).toMatchObject({ contentAfterAnswer: '', contentAfterAnswerSealed: true });

    const play = (extra: Record<string, unknown>) => progressCall(t.app, { gameId: ruled.id, secretCode: team.code, ...extra });
    expect((await play({ action: 'set-start-time' })).statusCode).toBe(200);
    expect((await play({ action: 'set-question-status', questionIndex: 0, questionStatus: 'ANSWERED', answer: typed })).statusCode).toBe(200);
    const after = (await read())[0];
    expect(after.then).toEqual(rules);
    expect(after.answer.contentAfterAnswerSealed).toBeUndefined();
  });
});
