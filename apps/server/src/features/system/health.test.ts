import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { checkReadiness } from './health.ts';

describe.each(testDatabaseKinds())('/healthz and /readyz on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(async () => {
    // The database was closed on purpose below; the app still closes.
    await t.app.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('say alive and ready, never cached', async () => {
    const alive = await get('/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers['cache-control']).toBe('no-store');
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('with the database gone: /readyz answers 503 unavailable at once, /healthz still 200', async () => {
    await t.database.close();
    const started = Date.now();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'The database does not answer', code: 'unavailable', checks: { database: 'down' } });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect((await get('/healthz')).statusCode).toBe(200);
  });
});

describe('checkReadiness', () => {
  it('gives up on a database that never answers, within its timeout', async () => {
    const hung = { execute: () => new Promise(() => {}) } as unknown as Db; // the adapter boundary: a server that accepts and never replies
    const started = Date.now();
    expect(await checkReadiness(hung, undefined, 100)).toEqual({ ready: false, checks: { database: 'down' } });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
