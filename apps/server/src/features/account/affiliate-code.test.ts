import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodeSchema, profileReplySchema } from '@streethunt/shared';
import { newAffiliateCode } from '../../db/ids.ts';
import { users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { tokenFor, userWithToken } from '../../test/tokens.ts';

/** A stored code is already in its normal form: the shared validator gives it back unchanged. */
const isCanonicalCode = (code: string) => affiliateCodeSchema.safeParse(code).data === code;

describe('affiliate codes as made', () => {
  it('are 8 characters of the shared code alphabet, upper-case', () => {
    for (let i = 0; i < 1000; i += 1) expect(isCanonicalCode(newAffiliateCode())).toBe(true);
  });
});

describe.each(testDatabaseKinds())('every user’s affiliate code on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const profileOf = async (token: string) => profileReplySchema.parse((await getJson(t.app, '/api/user/profile', { token })).json()).data.user;

  it('gives a new user a code at signup, apart from the aff that brought them (stored as it came)', async () => {
    const email = `aff-${Math.random().toString(16).slice(2)}@example.com`;
    const body = { firstName: 'Maya', lastName: 'Cohen', email, password: 'a-good-password', phone: '052-7654321', aff: 'not-anyones-code' };
    expect((await postJson(t.app, '/api/signup', body)).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(isCanonicalCode(user.affiliateCode)).toBe(true);
    expect(user.aff).toBe('not-anyones-code');
  });

  it('gives every user a different code', async () => {
    const many = await t.db
      .insert(users)
      .values(Array.from({ length: 500 }, (_, i) => ({ firstName: 'U', lastName: `${i}`, email: `many-${kind}-${i}@example.com`, phone: '050-1234567', passwordHash: 'x' })))
      .returning({ code: users.affiliateCode });
    expect(many.every(({ code }) => isCanonicalCode(code))).toBe(true);
    const all = await t.db.select({ code: users.affiliateCode }).from(users);
    expect(new Set(all.map(({ code }) => code)).size).toBe(all.length);
  });

  it('refuses a second user with a code already taken (the unique index, by name)', async () => {
    const first = await buildUser(t.db);
    const error = await buildUser(t.db, { affiliateCode: first.affiliateCode }).then(
      () => null,
      (e: unknown) => e,
    );
    // The signup's retry on a taken code relies on the driver naming the index.
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'users_affiliate_code_key' });
  });

  it('shows the logged-in user their own code in the profile, and after saving it', async () => {
    const { user, token } = await userWithToken(t);
    expect((await profileOf(token)).affiliateCode).toBe(user.affiliateCode);
    const saved = await postJson(t.app, '/api/user/profile', { firstName: 'Dana', lastName: 'Katz', phone: '0541112222' }, { token });
    expect(profileReplySchema.parse(saved.json()).data.user.affiliateCode).toBe(user.affiliateCode);
    // Saving the profile never changes the code.
    const [stored] = await t.db.select({ code: users.affiliateCode }).from(users).where(eq(users.id, user.id));
    expect(stored.code).toBe(user.affiliateCode);
  });

  it('never shows one user another user’s code', async () => {
    const [noa, dan] = [await buildUser(t.db), await buildUser(t.db, { role: 'admin' })];
    const replies = [await getJson(t.app, '/api/user/profile', { token: await tokenFor(t.app, noa) }), await getJson(t.app, '/api/user/profile', { token: await tokenFor(t.app, dan) })];
    expect(replies[0].json().data.user.affiliateCode).toBe(noa.affiliateCode);
    expect(replies[1].json().data.user.affiliateCode).toBe(dan.affiliateCode);
    expect(replies[0].body).not.toContain(dan.affiliateCode);
    expect(replies[1].body).not.toContain(noa.affiliateCode);
    // Nor does the public view of a user carry it.
    const pub = await getJson(t.app, `/api/user/${noa.id}`);
    expect(pub.body).not.toContain(noa.affiliateCode);
    const codes = await t.db.select({ id: users.id, code: users.affiliateCode }).from(users).where(inArray(users.id, [noa.id, dan.id]));
    expect(new Set(codes.map(({ code }) => code)).size).toBe(2);
  });
});
