import type { LightMyRequestResponse } from 'fastify';
import { accessibilityReportReplySchema, accessibilityReportsReplySchema, okStatusReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { accessibilityReports } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';

let reports = 0;
/** A new report each time (its text names it, so a test finds its own). */
const report = (overrides: Record<string, unknown> = {}) => ({
  where: '/games',
  what: `The filter buttons cannot be reached by keyboard (report ${++reports})`,
  email: 'reader@example.com',
  ...overrides,
});

describe.each(testDatabaseKinds())('accessibility barrier reports on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let hebrewAdmin: Awaited<ReturnType<typeof userWithToken>>;
  let user: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await userWithToken(t, { role: 'admin', language: 'en' });
    hebrewAdmin = await userWithToken(t, { role: 'admin', language: 'he' });
    user = await userWithToken(t);
  });
  afterAll(() => t.close());

  const send = (body: unknown, options: { ip?: string; language?: string; raw?: string } = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: '/api/accessibility/reports',
      headers: { 'content-type': 'application/json', ...(options.language && { 'accept-language': options.language }) },
      payload: options.raw ?? JSON.stringify(body),
      remoteAddress: options.ip ?? nextIp(),
    });
  const list = (query = '', token: string | null = admin.token) =>
    t.app.inject({ method: 'GET', url: `/api/admin/accessibility-reports${query}`, headers: token ? { 'x-access-token': token } : {}, remoteAddress: nextIp() });
  const listed = async (query = '') => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return accessibilityReportsReplySchema.parse(res.json()).data;
  };
  const mark = (id: string, body: unknown, token: string | null = admin.token) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/accessibility-reports/${id}`,
      headers: { 'content-type': 'application/json', ...(token && { 'x-access-token': token }) },
      payload: JSON.stringify(body),
      remoteAddress: nextIp(),
    });
  const allRows = async () => JSON.stringify(await t.db.select().from(accessibilityReports).orderBy(accessibilityReports.id));
  const rowOf = async (what: string) => (await t.db.select().from(accessibilityReports)).find((row) => row.what === what);

  it('stores a report (trimmed, the email lower-cased, the visitor’s language) and answers 200 OK', async () => {
    const body = report({ where: '  https://streethunt.co.il/games ', email: 'Reader@Example.COM' });
    const res = await send(body, { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(okStatusReplySchema.parse(res.json())).toEqual({ data: { status: 'OK' } });
    expect(await rowOf(body.what)).toMatchObject({ place: 'https://streethunt.co.il/games', email: 'reader@example.com', language: 'en', handledAt: null });
  });

  it('takes a report without an email (empty, null or left out)', async () => {
    for (const email of ['', null, undefined]) {
      const body = report({ email });
      expect((await send(body)).statusCode).toBe(200);
      expect((await rowOf(body.what))?.email).toBeNull();
    }
  });

  it('emails every admin in the admin’s language, quoting the report short and never as a link', async () => {
    const body = report({ where: 'The map page https://evil.example/login', what: 'Buttons have no names. www.evil.example/now' });
    await send(body, { language: 'he' });
    const mails = (await t.readOutbox()).filter((mail) => mail.text.includes('Buttons have no names'));
    const toEnglish = mails.find((mail) => mail.to === admin.user.email);
    const toHebrew = mails.find((mail) => mail.to === hebrewAdmin.user.email);
    expect(toEnglish).toMatchObject({ language: 'en' });
    expect(toEnglish?.subject).toMatch(/^Accessibility barrier reported: The map page/);
    expect(toEnglish?.text).toContain('Answer to: reader@example.com');
    expect(toEnglish?.text).toContain('Language: Hebrew');
    expect(toEnglish?.text).toContain(`${t.config.publicUrl}/admin-accessibility-reports`);
    expect(toHebrew?.subject).toMatch(/^דיווח על חסם נגישות/);
    expect(toHebrew?.html).toContain('dir="rtl"');
    for (const part of [toEnglish?.subject ?? '', toEnglish?.text ?? '', toEnglish?.html ?? '']) {
      expect(part).not.toContain('://evil');
      expect(part).not.toContain('www.evil');
    }
    // The user who is no admin gets nothing.
    expect(mails.some((mail) => mail.to === user.user.email)).toBe(false);
  });

  describe('bad input: 400 and nothing stored', () => {
    const bad: [string, unknown][] = [
      ['no where', report({ where: undefined })],
      ['a blank where', report({ where: '   ' })],
      ['a where over 500 characters', report({ where: 'w'.repeat(501) })],
      ['no what', report({ what: undefined })],
      ['a what under 5 characters', report({ what: ' bad ' })],
      ['a what over 4000 characters', report({ what: 'x'.repeat(4001) })],
      ['a bad email', report({ email: 'not-an-email' })],
      ['a control character in where', report({ where: 'ma\u0000p' })],
      ['a line break in where', report({ where: 'map\npage' })],
      ['an unknown field', { ...report(), role: 'admin' }],
      ['a number for what', report({ what: 12345 })],
      ['an array', [report()]],
    ];
    it.each(bad)('%s', async (_what, body) => {
      const before = await allRows();
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', message: expect.any(String) });
      expect(await allRows()).toBe(before);
    });

    it('a body that is not JSON: 400 bad_json', async () => {
      const before = await allRows();
      const res = await send(undefined, { raw: '{"where":' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad_json');
      expect(await allRows()).toBe(before);
    });

    it('an oversized body: 413', async () => {
      const before = await allRows();
      const res = await send({ ...report(), padding: 'x'.repeat(40_000) });
      expect(res.statusCode).toBe(413);
      expect(await allRows()).toBe(before);
    });
  });

  it('keeps multi-line reports as written', async () => {
    const body = report({ what: 'First line\nSecond line\tindented' });
    expect((await send(body)).statusCode).toBe(200);
    expect((await rowOf(body.what))?.what).toBe('First line\nSecond line\tindented');
  });

  it('rate limits reports to 5 a minute per address, in the visitor’s language; another address still gets through', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await send(report(), { ip })).statusCode).toBe(200);
    const before = await allRows();
    const limited = await send(report(), { ip, language: 'he' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^נשלחו מכאן יותר מדי דיווחים/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(report(), { ip, language: 'en' })).json().message).toMatch(/too many reports/i);
    expect(await allRows()).toBe(before);
    expect((await send(report())).statusCode).toBe(200);
  });

  describe('the admins’ list', () => {
    it('lists the newest first with how many are open; marks one handled and open again', async () => {
      const older = report();
      const newer = report({ email: '' });
      await send(older);
      await send(newer);
      const { data, total, open, page, pageSize } = await listed();
      expect({ page, pageSize }).toEqual({ page: 1, pageSize: 50 });
      expect(total).toBe((await t.db.select().from(accessibilityReports)).length);
      expect(open).toBe(total);
      expect(data[0]).toMatchObject({ what: newer.what, email: null, handledAt: null });
      expect(data[1]).toMatchObject({ what: older.what, where: '/games', email: 'reader@example.com' });

      const res = await mark(data[1]._id, { handled: true });
      expect(res.statusCode).toBe(200);
      const handled = accessibilityReportReplySchema.parse(res.json()).data;
      expect(handled.handledAt).toEqual(expect.any(String));
      // A second mark keeps the first time.
      expect(accessibilityReportReplySchema.parse((await mark(data[1]._id, { handled: true })).json()).data.handledAt).toBe(handled.handledAt);
      expect((await listed()).open).toBe(total - 1);
      expect(accessibilityReportReplySchema.parse((await mark(data[1]._id, { handled: false })).json()).data.handledAt).toBeNull();
      expect((await listed()).open).toBe(total);
    });

    it('pages by 50', async () => {
      const { total } = await listed();
      const second = await listed('?page=2');
      expect(second.data).toHaveLength(Math.max(0, total - 50));
    });

    it.each(['?page=0', '?page=02', '?page=x', '?page=1000001'])('a bad query %s: 400', async (query) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation' });
    });

    it('a bad mark: 400 and nothing changes; an unknown report: 404', async () => {
      const [first] = (await listed()).data;
      const before = await allRows();
      for (const body of [{}, { handled: 'yes' }, { handled: true, what: 'changed' }]) {
        const res = await mark(first._id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation' });
      }
      expect((await mark('no-such-report', { handled: true })).statusCode).toBe(404);
      expect(await allRows()).toBe(before);
    });

    it('is the admins’ alone: anonymous 401, a user 403, and a user’s mark changes nothing', async () => {
      expect((await list('', null)).statusCode).toBe(401);
      expect((await list('', user.token)).statusCode).toBe(403);
      const [first] = (await listed()).data;
      const before = await allRows();
      expect((await mark(first._id, { handled: true }, user.token)).statusCode).toBe(403);
      expect((await mark(first._id, { handled: true }, null)).statusCode).toBe(401);
      expect(await allRows()).toBe(before);
    });
  });
});
