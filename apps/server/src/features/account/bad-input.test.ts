import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildAuthToken, buildPayoutDetails, buildUser } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { tokenFor } from '../../test/tokens.ts';
import { accountTables } from './test-support.ts';

type Endpoint = {
  url: string;
  /** Needs a logged-in caller, so the bad input is what gets refused, not the caller. */
  withToken?: boolean;
  missingFields?: object;
  wrongTypes: unknown;
  /** Each value breaks one field's length limit while the body stays under 16 KB. */
  oversized: Record<string, string>;
  valid: Record<string, unknown>;
};

const long = (n: number, c = 'x') => c.repeat(n);
const longEmail = `${long(250, 'a')}@example.com`;

const endpoints: Endpoint[] = [
  {
    url: '/api/signup',
    valid: { firstName: 'Maya', lastName: 'Cohen', email: 'maya@example.com', password: 'a-good-password', phone: '052-7654321' },
    missingFields: { email: 'maya@example.com' },
    wrongTypes: { firstName: 1, lastName: true, email: ['a@b.co'], password: { p: 1 }, phone: 526543210 },
    oversized: { firstName: long(101), lastName: long(101), email: longEmail, password: long(129), phone: long(21, '1'), aff: long(65) },
  },
  {
    url: '/api/user/validate-email',
    valid: { token: long(43, 'A') },
    missingFields: {},
    wrongTypes: { token: 1234567890 },
    oversized: { token: long(257, 'A') },
  },
  {
    url: '/api/user/resend-validation',
    valid: { email: 'maya@example.com' },
    missingFields: {},
    wrongTypes: { email: 42 },
    oversized: { email: longEmail },
  },
  {
    url: '/api/login',
    valid: { email: 'maya@example.com', password: 'a-good-password' },
    missingFields: { email: 'maya@example.com' },
    wrongTypes: { email: 'maya@example.com', password: 12345678 },
    oversized: { email: longEmail, password: long(129) },
  },
  { url: '/api/auto-login', withToken: true, valid: {}, wrongTypes: ['not', 'an', 'object'], oversized: {} },
  {
    url: '/api/reset-password',
    valid: { email: 'maya@example.com' },
    missingFields: {},
    wrongTypes: { email: null },
    oversized: { email: longEmail },
  },
  {
    url: '/api/update-password',
    valid: { password: 'a-good-password', id: '0123456789abcdef01234567', token: long(43, 'A') },
    missingFields: { password: 'a-good-password' },
    wrongTypes: { password: 'a-good-password', id: 12, token: { t: 1 } },
    oversized: { password: long(129), id: long(65, 'a'), token: long(257, 'A') },
  },
  {
    url: '/api/user/profile',
    withToken: true,
    valid: { firstName: 'Dana', lastName: 'Katz', phone: '0541112222' },
    missingFields: { firstName: 'Dana' },
    wrongTypes: { firstName: 'Dana', lastName: 'Katz', phone: '0541112222', language: 'fr' },
    oversized: { firstName: long(101), lastName: long(101), phone: long(21, '1') },
  },
  {
    url: '/api/user/payment-details',
    withToken: true,
    valid: { accountHolder: 'Dana Katz', idNumber: '123456782', bankName: 'Leumi', bankNumber: '10', branchNumber: '800', accountNumber: '1234567' },
    missingFields: { accountHolder: 'Dana Katz' },
    wrongTypes: { accountHolder: 'Dana Katz', idNumber: 123456782, bankName: 'Leumi', bankNumber: 10, branchNumber: '800', accountNumber: '12-34' },
    oversized: { accountHolder: long(101), bankName: long(101), idNumber: long(13, '1'), accountNumber: long(21, '1') },
  },
];

type Case = { name: string; url: string; method: 'GET' | 'POST'; withToken?: boolean; payload?: string; status: number; code: string };

const json = (body: unknown) => JSON.stringify(body);

function casesFor(e: Endpoint): Case[] {
  const post = { url: e.url, method: 'POST' as const, withToken: e.withToken };
  const cases: Case[] = [];
  if (e.missingFields) cases.push({ ...post, name: 'missing fields', payload: json(e.missingFields), status: 400, code: 'validation' });
  cases.push({ ...post, name: 'wrong types', payload: json(e.wrongTypes), status: 400, code: 'validation' });
  for (const [field, value] of Object.entries(e.oversized)) {
    cases.push({ ...post, name: `oversized ${field}`, payload: json({ ...e.valid, [field]: value }), status: 400, code: 'validation' });
  }
  cases.push({ ...post, name: 'body over 16 KB', payload: json({ ...e.valid, padding: long(17 * 1024) }), status: 413, code: 'payload_too_large' });
  cases.push({ ...post, name: 'malformed JSON', payload: '{"email":', status: 400, code: 'bad_json' });
  return cases;
}

const cases: Case[] = [
  ...endpoints.flatMap(casesFor),
  { name: 'id too long', url: `/api/user/${long(65, 'a')}`, method: 'GET', status: 400, code: 'validation' },
  { name: 'id with odd characters', url: '/api/user/abc%24%7B1%7D', method: 'GET', status: 400, code: 'validation' },
];

describe.each(testDatabaseKinds())('bad input to account calls on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    // Something of every kind in the tables, so a wrongly applied change would show.
    const user = await buildUser(t.db, { email: 'maya@example.com', emailValidatedAt: null });
    await buildAuthToken(t.db, { userId: user.id, kind: 'validate_email' });
    await buildAuthToken(t.db, { userId: user.id, kind: 'reset_password' });
    await buildPayoutDetails(t.db, user.id);
    token = await tokenFor(t.app, user);
  });
  afterAll(() => t.close());

  it('has a case of every kind for every account endpoint', () => {
    for (const e of endpoints) {
      const names = cases.filter((c) => c.url === e.url).map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['wrong types', 'body over 16 KB', 'malformed JSON']));
      if (e.url !== '/api/auto-login') expect(names).toEqual(expect.arrayContaining(['missing fields', expect.stringMatching(/^oversized /)]));
    }
  });

  it.each(cases)('$method $url: $name gives $status $code and changes nothing', async (c) => {
    const before = await accountTables(t.db);
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      payload: c.payload,
      headers: { ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }), ...(c.withToken ? { 'x-access-token': token } : {}) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(c.status);
    const body = res.json();
    expect(body).toEqual(expect.objectContaining({ message: expect.any(String), code: c.code }));
    expect(body.message.length).toBeGreaterThan(0);
    expect(await accountTables(t.db)).toEqual(before);
  });
});
