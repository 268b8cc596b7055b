import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, rateLimited, registerErrorHandler } from './errors.ts';

describe('error replies', () => {
  it('every 429 carries Retry-After in whole seconds: the limit’s own wait, or a default', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/wait', async () => {
      throw rateLimited('Too many wrong codes, try again in 5 minutes', 299_001);
    });
    app.get('/soon', async () => {
      throw rateLimited('Too many', 20);
    });
    app.get('/unsaid', async () => {
      throw new AppError(429, 'rate_limited', 'Too many');
    });
    app.get('/plain', async () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    app.get('/own-header', async (_request, reply) => {
      // What @fastify/rate-limit does: its header first, then its 429.
      reply.header('retry-after', '17');
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    app.get('/forbidden', async () => {
      throw new AppError(403, 'wrong_code', 'no');
    });
    const headerOf = async (url: string) => {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(url === '/forbidden' ? 403 : 429);
      if (res.statusCode === 429) expect(res.json(), url).toEqual({ message: expect.any(String), code: 'rate_limited' });
      return res.headers['retry-after'];
    };
    expect(await headerOf('/wait')).toBe('300');
    expect(await headerOf('/soon')).toBe('1');
    expect(await headerOf('/unsaid')).toBe('60');
    expect(await headerOf('/plain')).toBe('60');
    expect(await headerOf('/own-header')).toBe('17');
    expect(await headerOf('/forbidden')).toBeUndefined();
    await app.close();
  });
});
