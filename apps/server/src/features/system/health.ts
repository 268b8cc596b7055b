import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long /readyz waits for the database before it says it is not ready (a hung server must not hang the probe). */
const READY_TIMEOUT_MS = 2_000;

export type Readiness = {
  /** Whether a load balancer should send traffic here: the database answers. */
  ready: boolean;
  /** `redis` only with REDIS_URL. Redis away is no reason to stop serving (each process then counts on its own), only a thing to say. */
  checks: { database: 'ok' | 'down'; redis?: 'ok' | 'down' };
};

/** Whether this process can serve: the database answers a trivial query within READY_TIMEOUT_MS; and how Redis is. */
export async function checkReadiness(db: Db, redisStatus: () => 'none' | 'up' | 'down' = () => 'none', timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const redis = redisStatus();
  const withRedis = redis === 'none' ? {} : { redis: redis === 'up' ? ('ok' as const) : ('down' as const) };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timedOut]);
    return { ready: true, checks: { database: 'ok', ...withRedis } };
  } catch {
    return { ready: false, checks: { database: 'down', ...withRedis } };
  } finally {
    clearTimeout(timer);
  }
}
