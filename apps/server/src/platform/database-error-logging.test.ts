import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../services.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildCode, buildGame, buildUser } from '../test/factories.ts';
import { nextIp } from '../test/client-address.ts';
import { tokenFor } from '../test/tokens.ts';
import { serializeError } from './logging.ts';

/** A failing trigger: the message and detail quote the row, as PostgreSQL's own errors do (unique violations, casts). */
const failingTrigger = (table: string, column: string) => [
  `CREATE OR REPLACE FUNCTION fail_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM NEW.${column}::integer;
     RETURN NEW;
   EXCEPTION WHEN invalid_text_representation THEN
     RAISE EXCEPTION 'forced failure on %', NEW.${column} USING DETAIL = 'Key (${column})=(' || NEW.${column} || ') already exists.';
   END $$`,
  `CREATE TRIGGER fail_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION fail_${table}()`,
];

describe('a database error in the log', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let app: App;
  let database: Database;

  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logLines });
    ({ app, database } = t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });

  it('names the query, table and constraint but holds no value sent with it', async () => {
    const user = await buildUser(database.db);
    const token = await tokenFor(app, user);
    const game = await buildGame(database.db);
    await buildCode(database.db, { gameId: game.id });
    // Every write of a user or of payout details now fails, quoting what it was sent.
    for (const statement of [...failingTrigger('users', 'email'), ...failingTrigger('payout_details', 'account_number')]) {
      await database.db.execute(sql.raw(statement));
    }

    const signup = { firstName: 'Secretfirst', lastName: 'Hiddenlast', email: 'leaky.person@example.com', password: 'Pl3ase-D0nt-Log-Me', phone: '052-9876543' };
    const bank = { accountHolder: 'Holder Secretname', idNumber: '314159265', bankName: 'Bank Hapoalim', bankNumber: '12', branchNumber: '6789', accountNumber: '9988776655443' };
    const typedCode = 'TYPED-SECRET-CODE-777';
    const failures = [
      await post('/api/signup', signup),
      await post('/api/user/payment-details', { ...bank, password: user.password }, { 'x-access-token': token }),
    ];
    // A lookup by a typed code fails too: its table is away for a moment.
    await database.db.execute(sql.raw('ALTER TABLE game_codes RENAME TO game_codes_away'));
    try {
      failures.push(await post('/api/game-progress', { action: 'get-game-progress', gameId: game.id, secretCode: typedCode }));
    } finally {
      await database.db.execute(sql.raw('ALTER TABLE game_codes_away RENAME TO game_codes'));
    }
    for (const failure of failures) expect({ status: failure.statusCode, code: failure.json().code }).toEqual({ status: 500, code: 'internal' });

    const errors = logLines.map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> }).filter((line) => line.err);
    // Each failure was logged, with what helps: the SQL text (values as $n), the table, the error codes.
    expect(errors).toHaveLength(3);
    const log = JSON.stringify(errors);
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain('insert into \\"payout_details\\"');
    expect(log).toContain('game_codes');
    expect(log).toContain('P0001');
    expect(log).toContain('42P01');

    const hash = (await database.db.select({ hash: users.passwordHash }).from(users)).map((u) => u.hash);
    // Two- to four-digit values (bank and branch numbers) turn up by chance in times and ids; the longer ones cannot.
    const values = [...Object.values(signup), ...Object.values(bank), typedCode, '$argon2', ...hash].filter((v) => v.length >= 6);
    for (const value of values) expect({ value, logged: log.includes(value) }).toEqual({ value, logged: false });
    // Nor any field that carries values: drizzle's params tail is cut, the driver's params and detail are left out.
    expect(log).not.toMatch(/params: (?!\[redacted\])/);
    for (const key of ['"params"', '"detail"', '"where"', '"internalQuery"', '"queryOptions"']) expect(log).not.toContain(key);
    // The lower-cased email (what the query carried) too.
    expect(log.toLowerCase()).not.toContain(signup.email.toLowerCase());
  });

  it('serializes a unique violation by its constraint, without the duplicate value', async () => {
    await database.db.execute(sql.raw('DROP TRIGGER IF EXISTS fail_users ON users'));
    const email = `twice-${Date.now()}@example.com`;
    const first = await buildUser(database.db, { email, phone: '054-1112223' });
    let error: unknown;
    try {
      await buildUser(database.db, { email, phone: '054-3332221' });
    } catch (caught) {
      error = caught;
    }
    const serialized = serializeError(error) as { message: string; stack: string; cause: Record<string, unknown> };
    const text = JSON.stringify(serialized);
    expect(serialized.cause).toMatchObject({ code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(serialized.message).toContain('Failed query: insert into "users"');
    // The stack keeps its frames: only the values go.
    expect(serialized.stack).toMatch(/params: \[redacted\]\n\s+at /);
    for (const value of [email, '054-3332221', first.passwordHash.slice(0, 20), 'Key (email)']) expect(text).not.toContain(value);
  });

  it('leaves an ordinary error as pino would write it', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', port: 5432 });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', port: 5432 });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
