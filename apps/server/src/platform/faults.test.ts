import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Progress } from '@streethunt/shared';
import { openDatabase, type Database } from '../db/client.ts';
import { games, plays } from '../db/schema.ts';
import { readGameContent } from '../db/game-rows.ts';
import { progressQuestions } from '../features/plays/play-states.ts';
import { anyOrder, buildCode, buildGame, gameContent } from '../test/factories.ts';
import { privatePostgres, type PrivatePostgres } from '../test/postgres-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

const JWT_SECRET = 'faults-secret-faults-secret-faults-secret';

/** A game where every hint opened is a change of its own: 12 questions of 4 hints. */
function manyHints() {
  const base = gameContent();
  // Hints of every question are opened at once: a game in any order (the flow opens them all).
  return { ...anyOrder(), questions: Array.from({ length: 12 }, (_, i) => ({ ...base.questions[i % 3], hints: Array.from({ length: 4 }, (_, h) => ({ content: `<p>Hint ${h + 1}</p>` })) })) };
}

type Reply = { status: number; body: { code?: string } & Partial<Progress>; ms: number };

/**
 * The server against a PostgreSQL of the test's own that is stopped and started under load, and a
 * server process killed in the middle of requests (DESIGN.md section 4: nothing a player did is lost).
 */
describe('faults: PostgreSQL stopped under load, a process killed mid-request', () => {
  let postgres: PrivatePostgres;
  let database: Database;
  let server: ServerProcess;

  beforeAll(async () => {
    postgres = await privatePostgres();
    server = await startServerProcess({ DATABASE_URL: postgres.url, JWT_SECRET, TRUST_PROXY: '1' });
    database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await postgres?.remove();
  });

  const call = async (target: ServerProcess, body: object, ip = '198.51.100.20'): Promise<Reply> => {
    const started = Date.now();
    try {
      const response = await fetch(`${target.url}/api/game-progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: response.status, body: (await response.json()) as Reply['body'], ms: Date.now() - started };
    } catch {
      return { status: 0, body: {}, ms: Date.now() - started };
    }
  };

  const storedHints = async (gameId: string, codeId: string) => {
    const [play] = await database.db.select().from(plays).where(and(eq(plays.gameId, gameId), eq(plays.codeId, codeId)));
    const [game] = await database.db.select().from(games).where(eq(games.id, gameId));
    return progressQuestions(readGameContent(game).questions, play.states).flatMap((q, qi) => q.hints.map((h, hi) => (h.isOpen ? `${qi}.${hi}` : null))).filter(Boolean);
  };

  it('answers 503 unavailable fast while the database is down, recovers by itself, and a queued change arrives afterwards', async () => {
    const game = await buildGame(database.db, { content: manyHints() });
    const code = await buildCode(database.db, { gameId: game.id });
    const play = { gameId: game.id, secretCode: code.code };
    expect((await call(server, { action: 'set-start-time', ...play })).status).toBe(200);
    expect((await call(server, { action: 'show-question-hint', ...play, questionIndex: 0, hintIndex: 0 })).status).toBe(200);

    // Load: phones reading their progress every 20 ms, all through the outage (each from its own address, under the route's rate limit).
    const replies: Reply[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        for (let n = 0; loading; n++) {
          replies.push(await call(server, { action: 'get-game-progress', ...play }, `10.${i}.${(n >> 8) & 255}.${n & 255}`));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await postgres.stop('fast');
    const downAt = Date.now();

    // The phone opens a hint while the database is away: refused with 503, so its queue keeps it.
    let queued: Reply;
    do queued = await call(server, { action: 'show-question-hint', ...play, questionIndex: 1, hintIndex: 0 });
    while (queued.status === 200 && Date.now() - downAt < 5_000);
    expect(queued.status).toBe(503);
    expect(queued.body).toMatchObject({ code: 'unavailable' });
    expect(queued.ms).toBeLessThan(5_000);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    await postgres.start();
    const upAt = Date.now();
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      expect(Date.now() - upAt).toBeLessThan(15_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    loading = false;
    await load;

    // The queue sends again, and nothing is lost.
    const sent = await call(server, { action: 'show-question-hint', ...play, questionIndex: 1, hintIndex: 0 });
    expect(sent.status).toBe(200);
    expect(await storedHints(game.id, code.id)).toEqual(['0.0', '1.0']);

    // Under load: every reply was a success or a 503 unavailable, none slow, no 500, and the process lived.
    expect(replies.filter((r) => r.status !== 200 && !(r.status === 503 && r.body.code === 'unavailable'))).toEqual([]);
    expect(replies.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    expect(replies.filter((r) => r.ms >= 5_000)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/unhandled error/);
  }, 90_000);

  it('a process killed in the middle of requests loses no change it acknowledged', async () => {
    const game = await buildGame(database.db, { content: manyHints() });
    const code = await buildCode(database.db, { gameId: game.id });
    const play = { gameId: game.id, secretCode: code.code };
    const victim = await startServerProcess({ DATABASE_URL: postgres.url, JWT_SECRET, TRUST_PROXY: '1' });
    expect((await call(victim, { action: 'set-start-time', ...play })).status).toBe(200);

    // Four phones open hints as fast as they can; the process is killed (SIGKILL) while they do.
    const acknowledged: string[] = [];
    const hints = Array.from({ length: 48 }, (_, i) => ({ questionIndex: Math.floor(i / 4), hintIndex: i % 4 }));
    let next = 0;
    const phones = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let hint = hints[next++]; hint; hint = hints[next++]) {
          const reply = await call(victim, { action: 'show-question-hint', ...play, ...hint });
          if (reply.status === 200) acknowledged.push(`${hint.questionIndex}.${hint.hintIndex}`);
          if (reply.status === 0) return;
        }
      }),
    );
    while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    victim.child.kill('SIGKILL');
    await phones;
    await victim.stop();
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    expect(acknowledged.length).toBeLessThan(hints.length);

    const stored = await storedHints(game.id, code.id);
    for (const hint of acknowledged) expect(stored).toContain(hint);
    // And another process goes on with the same play.
    const after = await call(server, { action: 'get-game-progress', ...play });
    expect(after.status).toBe(200);
    expect(after.body.questions?.flatMap((q, qi) => q.hints.map((h, hi) => (h.isOpen ? `${qi}.${hi}` : null))).filter(Boolean)).toEqual(stored);
  }, 90_000);
});
