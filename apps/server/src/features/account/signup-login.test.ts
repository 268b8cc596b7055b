import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReplySchema } from '@streethunt/shared';
import { authTokens, users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildAuthToken, buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories.ts';
import { postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { tokenFromMail } from './test-support.ts';

const signup = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: 'Cohen',
  email: `maya-${Math.random().toString(16).slice(2)}@example.com`,
  password: 'a-good-password',
  phone: '052-7654321',
  ...overrides,
});

describe.each(testDatabaseKinds())('signup, email validation and login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const validateLink = () => `${t.config.publicUrl}/validate-email/`;
  const mailsTo = async (email: string) => (await t.readOutbox()).filter((m) => m.to === email);

  it('signs up with an unvalidated email and emails a Hebrew confirmation link by default', async () => {
    const body = signup({ aff: 'PARTNER7', email: '  Maya.Upper@Example.com ' });
    const res = await postJson(t.app, '/api/signup', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'OK' } });

    const [user] = await t.db.select().from(users).where(eq(users.email, 'maya.upper@example.com'));
    expect(user).toMatchObject({ firstName: 'Maya', lastName: 'Cohen', role: 'user', aff: 'PARTNER7', language: 'he', emailValidatedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    const [mail] = await mailsTo('maya.upper@example.com');
    expect(mail.language).toBe('he');
    expect(mail.subject).toContain('אימות');
    expect(mail.html).toContain('dir="rtl"');
    const token = tokenFromMail(mail, validateLink());
    expect(mail.html).toContain(`${validateLink()}${token}`);
    // Only the hash is stored.
    const stored = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'validate_email', usedAt: null });
    expect(stored[0].tokenHash).not.toBe(token);
    const hours = (stored[0].expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('writes the email in English when the sign-up language is en, and escapes the name', async () => {
    const body = signup({ language: 'en', firstName: '<b>Sam</b>' });
    expect((await postJson(t.app, '/api/signup', body)).statusCode).toBe(200);
    const [mail] = await mailsTo(body.email);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Confirm your email address for StreetHunt');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.html).toContain('&lt;b&gt;Sam&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Sam</b>');
    expect(mail.text).toContain('Hello <b>Sam</b>,');
    expect(mail.text).toContain(validateLink());
  });

  it('answers a signup with a registered email (any case) as a fresh one, and tells the owner instead', async () => {
    const body = signup({ language: 'en' });
    const fresh = await postJson(t.app, '/api/signup', body);
    expect(fresh.statusCode).toBe(200);
    const before = await t.db.select().from(users).where(eq(users.email, body.email));
    await mailsTo(body.email);

    const again = await postJson(t.app, '/api/signup', { ...body, email: body.email.toUpperCase(), firstName: 'Someone', password: 'another-password' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    // Nothing of the account changed, and no second one.
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual(before);

    const mails = await mailsTo(body.email);
    expect(mails).toHaveLength(2);
    const notice = mails[1];
    expect(notice.subject).toBe('Someone tried to sign up to StreetHunt with your address');
    expect(notice.text).toContain(`${t.config.publicUrl}/forgot-password`);
    expect(notice.text).toContain(`${t.config.publicUrl}/login`);
    expect(notice.text).not.toContain('Someone,');
    expect(notice.text).not.toContain('/validate-email/');
  });

  it('puts a typed first name in the email as a short plain line that cannot read as a link', async () => {
    const phishing = 'Security team: your account is locked, verify at https://evil.example/verify or www.evil.example';
    const body = signup({ language: 'en', firstName: phishing });
    expect((await postJson(t.app, '/api/signup', body)).statusCode).toBe(200);
    const [mail] = await mailsTo(body.email);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('://evil');
      expect(part).not.toContain('www.evil');
      expect(part).not.toContain('verify at');
    }
    const greeting = mail.text.split('\n')[0];
    expect(greeting.startsWith('Hello Security team: your account is')).toBe(true);
    expect([...greeting].length).toBeLessThanOrEqual('Hello ,'.length + 40);
  });

  it('asks for validation before login, then logs in after the link is used once', async () => {
    const body = signup();
    await postJson(t.app, '/api/signup', body);
    const before = await postJson(t.app, '/api/login', { email: body.email, password: body.password });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: expect.any(String), code: 'need_email_validate' });

    const token = tokenFromMail((await mailsTo(body.email))[0], validateLink());
    const validated = await postJson(t.app, '/api/user/validate-email', { token });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({ data: { status: 'OK' } });

    const login = await postJson(t.app, '/api/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    const reply = loginReplySchema.parse(login.json());
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(reply.data).toEqual({ role: 'user', isSelfPayment: false, userId: user.id });
    expect(await t.app.services.signer.verify(reply.accessToken)).toEqual({ userId: user.id, role: 'user', tokenVersion: 0 });

    const reused = await postJson(t.app, '/api/user/validate-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: expect.any(String), code: 'invalid_token' });
  });

  it('refuses unknown, expired and wrong-kind validation tokens', async () => {
    const user = await buildUser(t.db, { emailValidatedAt: null });
    const expired = await buildAuthToken(t.db, { userId: user.id, kind: 'validate_email', expiresAt: new Date(Date.now() - 1000) });
    const reset = await buildAuthToken(t.db, { userId: user.id, kind: 'reset_password' });
    for (const token of ['x'.repeat(43), expired.token, reset.token]) {
      const res = await postJson(t.app, '/api/user/validate-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_token');
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after.emailValidatedAt).toBeNull();
  });

  it('resends a validation link only to a known, unvalidated user, with the same reply every time', async () => {
    const pending = await buildUser(t.db, { emailValidatedAt: null, language: 'en' });
    const validated = await buildUser(t.db);
    const replies = [];
    for (const email of [pending.email, validated.email, 'nobody-here@example.com']) {
      const res = await postJson(t.app, '/api/user/resend-validation', { email });
      replies.push({ status: res.statusCode, body: res.body });
    }
    expect(replies).toEqual(Array(3).fill({ status: 200, body: JSON.stringify({ data: { status: 'OK' } }) }));
    expect(await mailsTo(pending.email)).toHaveLength(1);
    expect(await mailsTo(validated.email)).toHaveLength(0);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);

    const token = tokenFromMail((await mailsTo(pending.email))[0], validateLink());
    expect((await postJson(t.app, '/api/user/validate-email', { token })).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/login', { email: pending.email, password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('gives the same 401 wrong_credentials for a wrong password and an unknown email', async () => {
    const user = await buildUser(t.db);
    const wrongPassword = await postJson(t.app, '/api/login', { email: user.email, password: 'not-the-password' });
    const unknown = await postJson(t.app, '/api/login', { email: 'ghost@example.com', password: 'whatever-123' });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Wrong email or password', code: 'wrong_credentials' });
    }
  });

  it('answers in Hebrew when the web app asks for it in Accept-Language', async () => {
    const user = await buildUser(t.db, { emailValidatedAt: null });
    const headers = { 'accept-language': 'he' };
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'nope-nope' }, headers });
    expect(wrong.json()).toEqual({ message: 'דוא״ל או סיסמה שגויים', code: 'wrong_credentials' });
    const pending = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, headers });
    expect(pending.json().code).toBe('need_email_validate');
    expect(pending.json().message).toMatch(/[א-ת]/);
  });

  it('logs an admin in with role admin', async () => {
    const admin = await buildUser(t.db, { role: 'admin', isSelfPayment: true });
    const res = await postJson(t.app, '/api/login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ role: 'admin', isSelfPayment: true, userId: admin.id });
  });

  describe('auto-login', () => {
    it('gives a fresh token for a valid one, with an empty JSON body or none at all', async () => {
      const user = await buildUser(t.db);
      const token = await tokenFor(t.app, user);
      const requests = [
        { payload: {} },
        { payload: '', headers: { 'content-type': 'application/json' } },
        { payload: undefined },
      ];
      for (const { payload, headers } of requests) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auto-login', payload, headers: { 'x-access-token': token, ...headers } });
        expect(res.statusCode).toBe(200);
        const reply = loginReplySchema.parse(res.json());
        expect(reply.data).toEqual({ role: 'user', isSelfPayment: false, userId: user.id });
        expect(await t.app.services.signer.verify(reply.accessToken)).toEqual({ userId: user.id, role: 'user', tokenVersion: 0 });
      }
    });

    it('refuses no token, a garbage token, a token signed with another key and an expired token with 401', async () => {
      const user = await buildUser(t.db);
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt(past - 60).setExpirationTime(past).sign(key);
      const otherKey = await new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      for (const token of [undefined, 'garbage', expired, otherKey]) {
        const res = await postJson(t.app, '/api/auto-login', {}, { token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
      }
    });

    it('refuses the token of a deleted user', async () => {
      const user = await buildUser(t.db);
      const token = await tokenFor(t.app, user);
      await t.db.delete(users).where(eq(users.id, user.id));
      const res = await postJson(t.app, '/api/auto-login', {}, { token });
      expect(res.statusCode).toBe(401);
    });
  });
});
