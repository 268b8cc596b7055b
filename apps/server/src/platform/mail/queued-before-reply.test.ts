import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildGame } from '../../test/factories.ts';
import { call } from '../../test/requests.ts';
import { userWithToken } from '../../test/tokens.ts';
import { nextIp } from '../../test/client-address.ts';

/*
 * A mail a request causes is in the queue's table by the time its reply arrives: a process killed
 * right after answering loses none (the queue sends it on the next start). Signup, resend and reset
 * queue their job before the reply too (their own tests); these are the others.
 */
describe('mail queued before the reply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await userWithToken(t, { role: 'admin', language: 'en' });
  });
  afterAll(() => t.close());

  const jobs = async () => {
    const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'mail'`);
    return (rows[0] as { n: number }).n;
  };

  it('approve, send back and unpublish: the creator’s mail', async () => {
    const admin = await userWithToken(t, { role: 'admin' });
    for (const [path, status, body] of [
      ['approve', 'PENDING', (version: number) => ({ version })],
      ['send-back', 'PENDING', () => ({ reason: 'Needs a map' })],
      ['unpublish', 'APPROVED', () => ({ reason: 'Out of date' })],
    ] as const) {
      const game = await buildGame(t.db, { status, approvedAt: status === 'APPROVED' ? new Date() : null });
      const before = await jobs();
      const res = await call(t, 'POST', `/api/games/${path}/${game.id}`, { token: admin.token, body: body(game.version) });
      expect(res.statusCode, path).toBe(200);
      expect(await jobs(), path).toBe(before + 1);
    }
  });

  it('a game sent to approval: every admin’s mail', async () => {
    const owner = await userWithToken(t);
    const game = await buildGame(t.db, { userId: owner.user.id, status: 'DRAFT', approvedAt: null });
    const before = await jobs();
    const res = await call(t, 'POST', `/api/games/status/${game.id}`, { token: owner.token, body: { status: 'PENDING', notifyAdmin: true } });
    expect(res.statusCode).toBe(200);
    expect(await jobs()).toBeGreaterThanOrEqual(before + 2);
  });

  it('the landing form: the admins’ mail', async () => {
    const before = await jobs();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/landing-page-form',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'Noa', lastName: 'Levi', email: 'noa@example.com', phone: '052-1234567', formType: 'guides' }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(await jobs()).toBeGreaterThanOrEqual(before + 2);
  });
});
