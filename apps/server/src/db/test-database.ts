import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds API tests run on: always in-memory PGlite, and the server named by TEST_DATABASE_URL. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database that nothing else sees: in-memory PGlite, or a new database created on
 * the TEST_DATABASE_URL server and dropped on close.
 */
export async function openTestDatabase(kind: TestDatabaseKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server (its URL), and how to drop it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `streethunt_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
