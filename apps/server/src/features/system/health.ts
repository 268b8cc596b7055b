import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long /readyz waits for the database before it says it is not ready (a hung server must not hang the probe). */
export const READY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: boolean; checks: { database: 'ok' | 'down' } };

/**
 * Whether this process can serve: the database answers a trivial query within READY_TIMEOUT_MS.
 * (Redis joins the checks with the several-process work of issue 11.)
 */
export async function checkReadiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timedOut]);
    return { ready: true, checks: { database: 'ok' } };
  } catch {
    return { ready: false, checks: { database: 'down' } };
  } finally {
    clearTimeout(timer);
  }
}
