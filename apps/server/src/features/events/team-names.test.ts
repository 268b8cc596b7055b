import { controlRoomSchema, teamViewSchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';

const hour = 60 * 60_000;

describe.each(testDatabaseKinds())('team names of an event on %s', (kind) => {
  let t: TestApp;
  let creator: Awaited<ReturnType<typeof userWithToken>>;
  let game: Awaited<ReturnType<typeof buildGame>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await userWithToken(t);
    game = await buildGame(t.db, { userId: creator.user.id });
  });
  afterAll(() => t.close());

  async function teamsOfNewEvent(teamCount: number) {
    const body = { gameId: game.id, name: 'Names', startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), teamCount };
    const made = await call(t, 'POST', '/api/events', { token: creator.token, body });
    const room = await call(t, 'GET', `/api/events/${made.json().data.id}`, { token: creator.token });
    return controlRoomSchema.parse(room.json().data).teams;
  }
  const nameTeam = (code: string, name: string) => call(t, 'POST', '/api/event-team/name', { body: { gameId: game.id, secretCode: code, name } });

  it('a name that looks like another team’s is taken: spaces, case, full-width and lookalike letters', async () => {
    const [red, ...others] = await teamsOfNewEvent(8);
    const named = await nameTeam(red.code, 'Red  Team');
    expect(named.statusCode).toBe(200);
    // Kept tidy: one space, as it shows.
    expect(teamViewSchema.parse(named.json().data).teamName).toBe('Red Team');
    const lookalikes = ['Red Team', 'red team', 'Ｒｅｄ Ｔｅａｍ', 'R\u0435d Team', 'R\u0415D TEAM', 'Red T\u0435\u0430m', 'Réd Team'];
    for (const [i, name] of lookalikes.entries()) {
      const reply = await nameTeam(others[i % others.length].code, name);
      expect(reply.statusCode, name).toBe(409);
      expect(reply.json()).toMatchObject({ code: 'conflict', message: expect.any(String) });
    }
    // The team itself may write its own name again, and a different name is free.
    expect((await nameTeam(red.code, 'red team')).statusCode).toBe(200);
    expect((await nameTeam(others[0].code, 'כיתה ד׳')).statusCode).toBe(200);
    expect((await nameTeam(others[1].code, "כיתה ד'")).statusCode).toBe(409);
    expect((await nameTeam(others[1].code, 'צה״ל')).statusCode).toBe(200);
  });

  it('refuses a name with no letter one can see, invisible fillers or a stack of marks, saying why', async () => {
    const [team] = await teamsOfNewEvent(1);
    for (const name of ['. ..', '\u3164\u3164\u3164', 'Owls\u3164', '\u0640\u0640\u0640', `O${'\u0301'.repeat(20)}wls`, '12']) {
      const reply = await nameTeam(team.code, name);
      expect(reply.statusCode, JSON.stringify(name)).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(/team name/) });
    }
    expect(teamViewSchema.parse((await call(t, 'POST', '/api/event-team', { body: { gameId: game.id, secretCode: team.code } })).json().data).teamName).toBeNull();
  });
});
