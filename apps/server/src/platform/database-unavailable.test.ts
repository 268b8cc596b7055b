import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { freePort } from '../test/server-process.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const failureOf = (work: Promise<unknown>) => work.then(() => null, (error: unknown) => error);

describe('isDatabaseUnavailable', () => {
  it('is true for a PostgreSQL server nobody listens for, within the connect timeout', async () => {
    const database = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
    const started = Date.now();
    const error = await failureOf(database.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    await database.close();
  });

  it('is true for a closed embedded database, false for a wrong query or a plain error', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    expect(isDatabaseUnavailable(await failureOf(database.db.execute(sql`select * from no_such_table`)))).toBe(false);
    await database.close();
    expect(isDatabaseUnavailable(await failureOf(database.db.execute(sql`select 1`)))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});
