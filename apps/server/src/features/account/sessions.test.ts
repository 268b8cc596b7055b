import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { saveAdmin } from './service.ts';

describe('sessions (access tokens)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  const versionOf = async (id: string) => (await t.db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, id)))[0].v;

  it('refuses a session from before a password change (create-admin on an existing user), even from the same second', async () => {
    const user = await buildUser(t.db);
    // At the top of a second, so the login and the change share it (whole-second issue times cannot tell them apart).
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const login = await postJson(t.app, '/api/login', { email: user.email, password: user.password });
    const before: string = login.json().accessToken;
    expect((await getJson(t.app, '/api/user/profile', { token: before })).statusCode).toBe(200);

    expect(await saveAdmin(t.db, { email: user.email, password: 'the-admins-new-password' })).toBe('promoted');
    expect(await versionOf(user.id)).toBe(1);
    const refused = await getJson(t.app, '/api/user/profile', { token: before });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
    expect((await postJson(t.app, '/api/auto-login', {}, { token: before })).statusCode).toBe(401);

    const after = await postJson(t.app, '/api/login', { email: user.email, password: 'the-admins-new-password' });
    expect(after.statusCode).toBe(200);
    expect((await getJson(t.app, '/api/user/profile', { token: after.json().accessToken })).statusCode).toBe(200);
  });

  it('refuses a validly signed token without exp with 401', async () => {
    const user = await buildUser(t.db);
    const forever = await new SignJWT({ role: 'user', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt().sign(key());
    for (const res of [await getJson(t.app, '/api/user/profile', { token: forever }), await postJson(t.app, '/api/auto-login', {}, { token: forever })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
    }
  });

  it('refuses a token carrying a version the user does not have', async () => {
    const user = await buildUser(t.db, { tokenVersion: 3 });
    const sign = (ver: number) => tokenFor(t.app, user, ver);
    expect((await getJson(t.app, '/api/user/profile', { token: await sign(3) })).statusCode).toBe(200);
    for (const ver of [0, 2, 4]) expect((await getJson(t.app, '/api/user/profile', { token: await sign(ver) })).statusCode).toBe(401);
  });

  it('signs the user’s current version into login and auto-login tokens', async () => {
    const user = await buildUser(t.db, { tokenVersion: 2 });
    const login = await postJson(t.app, '/api/login', { email: user.email, password: user.password });
    expect(await t.app.services.signer.verify(login.json().accessToken)).toEqual({ userId: user.id, role: 'user', tokenVersion: 2 });
    const refreshed = await postJson(t.app, '/api/auto-login', {}, { token: login.json().accessToken });
    expect(refreshed.statusCode).toBe(200);
    expect(await t.app.services.signer.verify(refreshed.json().accessToken)).toEqual({ userId: user.id, role: 'user', tokenVersion: 2 });
  });
});
