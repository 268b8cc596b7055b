import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_EVENT, WATCH_EVENT, type Progress, type WatchAck } from '@streethunt/shared';
import { WRONG_CODES_PER_WINDOW } from '../../features/codes/service.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildCode, buildGame } from '../../test/factories.ts';
import { privateRedis, type PrivateRedis } from '../../test/redis-server.ts';
import { freePort } from '../../test/server-process.ts';
import { Redis } from 'ioredis';
import { quietSubscriptions } from '../realtime.ts';
import { connectRedis, RedisUnavailableError, type RedisLink } from './redis-link.ts';
import { createLocalWindowCounter, createRedisWindowCounter } from './window-counter.ts';

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const captureLog = () => {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) };
  return { lines, log };
};

describe('Redis stopped and started under a running server (a Redis of the test’s own)', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await privateRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('counts in Redis for every process, falls back to the process while it is away, says so, and comes back', async () => {
    const one = captureLog();
    const links: RedisLink[] = [];
    for (const log of [one.log, captureLog().log]) links.push(await connectRedis({ url: redis.url, prefix: 'faults:', log, optional: false }));
    const [first, second] = links.map((link) => createRedisWindowCounter(link, 'count', createLocalWindowCounter()));
    expect(one.lines.join('\n')).toMatch(/^info Redis at redis:\/\/127\.0\.0\.1:\d+: limits, caches and live events are shared/m);

    // Two processes, one count.
    expect((await first.hit('client', 60_000)).count).toBe(1);
    expect((await second.hit('client', 60_000)).count).toBe(2);
    expect((await first.peek('client')).count).toBe(2);

    await redis.stop();
    await until('the link sees Redis go', () => !links[0].isUp());
    expect(one.lines.join('\n')).toMatch(/^error Redis connection lost .*fall back to this process/m);
    // Away: no error for the caller, each process counts on its own.
    expect((await first.hit('client', 60_000)).count).toBe(1);
    expect((await first.hit('client', 60_000)).count).toBe(2);
    expect((await second.peek('client')).count).toBe(0);

    await redis.start();
    await until('the link sees Redis back', () => links.every((link) => link.isUp()));
    expect(one.lines.join('\n')).toMatch(/^warn Redis is back/m);
    expect((await first.hit('again', 60_000)).count).toBe(1);
    expect((await second.hit('again', 60_000)).count).toBe(2);
    await Promise.all(links.map((link) => link.close()));
  }, 30_000);

  describe('the whole app', () => {
    let t: TestApp;
    let url: string;
    const sockets: ClientSocket[] = [];
    beforeAll(async () => {
      t = await buildTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: 'app-faults:' } });
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await t.close();
    });

    const progress = (body: object, ip = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url: '/api/game-progress', payload: body, remoteAddress: ip });

    it('keeps serving while Redis is away: its own sockets get live events, the wrong-code limit holds, /readyz says degraded', async () => {
      const game = await buildGame(t.db);
      const code = await buildCode(t.db, { gameId: game.id });
      const socket = connectClient(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      expect(((await socket.timeout(5_000).emitWithAck(WATCH_EVENT, { gameId: game.id, secretCode: code.code })) as WatchAck).ok).toBe(true);
      const events: Progress[] = [];
      socket.on(PROGRESS_EVENT, (p: Progress) => events.push(p));
      expect((await progress({ action: 'set-start-time', gameId: game.id, secretCode: code.code })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });

      await redis.stop();
      await until('the app sees Redis go', () => t.app.services.shared.redisStatus() === 'down');
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });

      const hint = await progress({ action: 'show-question-hint', gameId: game.id, secretCode: code.code, questionIndex: 0, hintIndex: 0 });
      expect(hint.statusCode).toBe(200);
      await until('the own socket gets the event', () => events.some((p) => p.questions[0].hints[0].isOpen), 2_000);

      // The limit now counts in this process, as before Redis.
      const ip = '203.0.113.99';
      for (let i = 0; i < WRONG_CODES_PER_WINDOW; i++) expect((await progress({ action: 'get-game-progress', gameId: game.id, secretCode: `WRONG${i}ABC` }, ip)).statusCode).toBe(403);
      expect((await progress({ action: 'get-game-progress', gameId: game.id, secretCode: code.code }, ip)).statusCode).toBe(429);

      await redis.start();
      await until('the app sees Redis back', () => t.app.services.shared.redisStatus() === 'up');
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
      const again = await progress({ action: 'show-question-hint', gameId: game.id, secretCode: code.code, questionIndex: 0, hintIndex: 1 });
      expect(again.statusCode).toBe(200);
      await until('events flow through Redis again', () => events.some((p) => p.questions[0].hints[1].isOpen), 2_000);
    }, 30_000);
  });
});

describe('Redis that does not answer at start', () => {
  it('stops the server with a message naming REDIS_OPTIONAL, unless told to start without it', async () => {
    const port = await freePort();
    const started = Date.now();
    const refused = await buildTestApp({ env: { REDIS_URL: `redis://:secret-password@127.0.0.1:${port}` } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RedisUnavailableError);
    expect((refused as Error).message).toMatch(new RegExp(`Redis at redis://127\\.0\\.0\\.1:${port} \\(REDIS_URL\\) does not answer.*REDIS_OPTIONAL=true`));
    // The password never reaches a message.
    expect((refused as Error).message).not.toContain('secret-password');
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);

  it("the live adapter's subscriptions, queued while Redis is away, are dropped quietly when the app closes", async () => {
    const port = await freePort();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const connection = () => {
      const redis = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null, retryStrategy: () => 200 });
      redis.on('error', () => undefined);
      redis.connect().catch(() => undefined);
      return redis;
    };
    try {
      // What the adapter meets: a queued subscription rejects when the connection is closed.
      const bare = connection();
      const queued = bare.psubscribe('room*');
      bare.disconnect();
      await expect(queued).rejects.toThrow('Connection is closed.');
      // Through the wrapper, called as the adapter calls it (neither awaited nor caught), nothing is left unhandled.
      const wrapped = connection();
      void quietSubscriptions(wrapped).psubscribe('room*');
      void quietSubscriptions(wrapped).subscribe('requests', 'responses');
      wrapped.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('with REDIS_OPTIONAL it starts alone, says so in /readyz, and takes Redis up once it answers', async () => {
    const redis = await privateRedis();
    await redis.stop();
    const t = await buildTestApp({ env: { REDIS_URL: redis.url, REDIS_OPTIONAL: 'true', REDIS_PREFIX: 'optional:' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });
      await redis.start();
      await until('the app takes Redis up', () => t.app.services.shared.redisStatus() === 'up');
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
      await redis.stop();
    }
  }, 30_000);
});
