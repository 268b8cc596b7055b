import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAffiliateCode } from '../../db/ids.ts';
import type * as Ids from '../../db/ids.ts';
import { users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { postJson } from '../../test/requests.ts';
import { saveAdmin } from './service.ts';

// The code maker, made to draw a taken code on purpose: a real clash is one in a trillion.
vi.mock('../../db/ids.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Ids>();
  return { ...actual, newAffiliateCode: vi.fn(actual.newAffiliateCode) };
});
const drawCode = vi.mocked(newAffiliateCode);

describe.each(testDatabaseKinds())('a new user’s code that is already taken, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());
  // Back to real codes: mockReset returns to the implementation given to vi.fn.
  afterEach(() => drawCode.mockReset());

  const signupBody = () => ({
    firstName: 'Maya',
    lastName: 'Cohen',
    email: `clash-${Math.random().toString(16).slice(2)}@example.com`,
    password: 'a-good-password',
    phone: '052-7654321',
  });
  const stored = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

  it('draws again, and the signup goes through', async () => {
    const taken = await buildUser(t.db);
    drawCode.mockReturnValueOnce(taken.affiliateCode);
    const body = signupBody();
    expect((await postJson(t.app, '/api/signup', body)).statusCode).toBe(200);
    const user = await stored(body.email);
    expect(user.affiliateCode).not.toBe(taken.affiliateCode);
    expect(drawCode.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up after a few draws with a server error, never with "email taken", and stores nothing', async () => {
    const taken = await buildUser(t.db);
    drawCode.mockReturnValue(taken.affiliateCode);
    const body = signupBody();
    const res = await postJson(t.app, '/api/signup', body);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal');
    expect(await stored(body.email)).toBeUndefined();
  });

  it('answers an email that has an account as any signup, without drawing codes again', async () => {
    const user = await buildUser(t.db);
    const before = await stored(user.email);
    drawCode.mockClear();
    const res = await postJson(t.app, '/api/signup', { ...signupBody(), email: user.email });
    expect(res.statusCode).toBe(200);
    expect(drawCode).toHaveBeenCalledOnce();
    expect(await stored(user.email)).toEqual(before);
  });

  it('draws again for an admin the CLI creates', async () => {
    const taken = await buildUser(t.db);
    drawCode.mockReturnValueOnce(taken.affiliateCode);
    const email = `admin-${kind}@example.com`;
    expect(await saveAdmin(t.db, { email, password: 'the-admins-password' })).toBe('created');
    const admin = await stored(email);
    expect(admin.role).toBe('admin');
    expect(admin.affiliateCode).not.toBe(taken.affiliateCode);
  });
});
