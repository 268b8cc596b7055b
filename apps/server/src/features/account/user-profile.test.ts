import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDetailsReplySchema, profileReplySchema, publicUserReplySchema } from '@streethunt/shared';
import { payoutDetails, users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildPayoutDetails, buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor } from '../../test/tokens.ts';
import { paymentDetailsInput } from './test-support.ts';

const details = paymentDetailsInput({ accountNumber: '7654321' });

describe.each(testDatabaseKinds())('user, profile and payment details on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  describe('GET /api/user/{userId}', () => {
    it('shows the first name only (beside the id asked for), to anyone', async () => {
      const user = await buildUser(t.db, { firstName: 'נועה', aff: 'AFF1' });
      const res = await getJson(t.app, `/api/user/${user.id}`);
      expect(res.statusCode).toBe(200);
      const body = publicUserReplySchema.parse(res.json());
      expect(res.json()).toEqual({
        data: { user: { _id: user.id, userId: user.id, firstName: 'נועה' } },
      });
      expect(body.data.user.userId).toBe(user.id);
      for (const secret of [user.email, user.phone, user.passwordHash, 'AFF1', 'Levi', user.createdAt.toISOString()]) expect(res.body).not.toContain(secret);
    });

    it('gives 404 not_found for an unknown id', async () => {
      const res = await getJson(t.app, '/api/user/0123456789abcdef01234567');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    });
  });

  describe('profile', () => {
    it('shows the logged-in user their own details', async () => {
      const user = await buildUser(t.db, { language: 'en' });
      const res = await getJson(t.app, '/api/user/profile', { token: await tokenFor(t.app, user) });
      expect(res.statusCode).toBe(200);
      expect(profileReplySchema.parse(res.json()).data.user).toEqual({
        _id: user.id,
        userId: user.id,
        firstName: 'Noa',
        lastName: 'Levi',
        email: user.email,
        phone: user.phone,
        role: 'user',
        language: 'en',
        isSelfPayment: false,
        createdAt: user.createdAt.toISOString(),
        affiliateCode: user.affiliateCode,
      });
      expect(res.body).not.toContain(user.passwordHash);
    });

    it('changes names, phone and language but never the email or role', async () => {
      const user = await buildUser(t.db);
      const token = await tokenFor(t.app, user);
      const update = { firstName: ' דנה ', lastName: 'Katz', phone: '+972 54 111 2222', language: 'en', email: 'new@example.com', role: 'admin' };
      const res = await postJson(t.app, '/api/user/profile', update, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ firstName: 'דנה', lastName: 'Katz', phone: '+972 54 111 2222', language: 'en', email: user.email, role: 'user' });
      const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(stored).toMatchObject({ firstName: 'דנה', lastName: 'Katz', email: user.email, role: 'user', language: 'en' });

      // Language is optional and kept when left out.
      const again = await postJson(t.app, '/api/user/profile', { firstName: 'Dana', lastName: 'Katz', phone: '0541112222' }, { token });
      expect(again.json().data.user.language).toBe('en');
      expect((await getJson(t.app, '/api/user/profile', { token })).json().data.user.firstName).toBe('Dana');
    });

    it('refuses callers without a valid token with 401', async () => {
      for (const res of [
        await getJson(t.app, '/api/user/profile'),
        await getJson(t.app, '/api/user/profile', { token: 'garbage' }),
        await postJson(t.app, '/api/user/profile', { firstName: 'A', lastName: 'B', phone: '0541112222' }),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
      }
    });
  });

  describe('payment details', () => {
    it('reads null before any are saved, then saves and updates them', async () => {
      const user = await buildUser(t.db);
      const token = await tokenFor(t.app, user);
      const empty = await getJson(t.app, '/api/user/payment-details', { token });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ data: { details: null } });

      const saved = await postJson(t.app, '/api/user/payment-details', { ...details, password: user.password }, { token });
      expect(saved.statusCode).toBe(200);
      expect(paymentDetailsReplySchema.parse(saved.json()).data.details).toEqual({ ...details, accountNumberMasked: false, updatedAt: expect.any(String) });

      const changed = await postJson(t.app, '/api/user/payment-details', { ...details, accountNumber: '111222333', password: user.password }, { token });
      expect(changed.json().data.details.accountNumber).toBe('111222333');
      // Read back without the password: the same, the account number masked.
      const read = await getJson(t.app, '/api/user/payment-details', { token });
      expect(read.json()).toEqual({ data: { details: { ...changed.json().data.details, accountNumber: '••••2333', accountNumberMasked: true } } });
      expect(await t.db.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id))).toHaveLength(1);
    });

    it('shows each user only their own details', async () => {
      const owner = await buildUser(t.db);
      await buildPayoutDetails(t.db, owner.id);
      const other = await buildUser(t.db);
      const res = await getJson(t.app, '/api/user/payment-details', { token: await tokenFor(t.app, other) });
      expect(res.json()).toEqual({ data: { details: null } });
    });

    it('refuses callers without a valid token with 401', async () => {
      for (const res of [await getJson(t.app, '/api/user/payment-details'), await postJson(t.app, '/api/user/payment-details', details)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('unauthorized');
      }
    });
  });

  it('lists every account call in the OpenAPI document, with the token where one is needed', async () => {
    const paths = (await getJson(t.app, '/api/docs/json')).json().paths;
    const calls = [
      ['post', '/api/signup', false],
      ['post', '/api/user/validate-email', false],
      ['post', '/api/user/resend-validation', false],
      ['post', '/api/login', false],
      ['post', '/api/auto-login', true],
      ['post', '/api/reset-password', false],
      ['post', '/api/update-password', false],
      ['get', '/api/user/{userId}', false],
      ['get', '/api/user/profile', true],
      ['post', '/api/user/profile', true],
      ['get', '/api/user/payment-details', true],
      ['post', '/api/user/payment-details', true],
    ] as const;
    for (const [method, path, needsToken] of calls) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['account']);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.security ?? null, `${method} ${path}`).toEqual(needsToken ? [{ accessToken: [] }] : null);
    }
  });
});
