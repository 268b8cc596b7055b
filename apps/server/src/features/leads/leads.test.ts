import type { LightMyRequestResponse } from 'fastify';
import { leadsListReplySchema, okStatusReplySchema } from '@streethunt/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { leads } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { nextIp } from '../../test/client-address.ts';
import { userWithToken } from '../../test/tokens.ts';

let emails = 0;
/** A new visitor's form each time (the email is what makes a lead new). */
const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Cohen',
  email: `lead-${++emails}@example.com`,
  phone: '054-7654321',
  formType: 'makeMoney',
  aff: null,
  ...overrides,
});

describe.each(testDatabaseKinds())('affiliate landing forms and the leads list on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof userWithToken>>;
  let hebrewAdmin: Awaited<ReturnType<typeof userWithToken>>;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await userWithToken(t, { role: 'admin', language: 'en' });
    hebrewAdmin = await userWithToken(t, { role: 'admin', language: 'he' });
  });
  afterAll(() => t.close());

  const send = (body: unknown, options: { ip?: string; cookie?: string; language?: string; raw?: string } = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: '/api/landing-page-form',
      headers: {
        'content-type': 'application/json',
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.language && { 'accept-language': options.language }),
      },
      payload: options.raw ?? JSON.stringify(body),
      remoteAddress: options.ip ?? nextIp(),
    });
  const list = (query = '', token = admin.token) =>
    t.app.inject({ method: 'GET', url: `/api/leads${query}`, headers: token ? { 'x-access-token': token } : {}, remoteAddress: nextIp() });
  const listed = async (query = '') => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return leadsListReplySchema.parse(res.json()).data;
  };
  const rowsOf = async (email: string) => (await t.db.select().from(leads)).filter((row) => row.email === email);
  const allRows = async () => JSON.stringify(await t.db.select().from(leads).orderBy(leads.id));

  it('stores a lead (email lower-cased, fields trimmed) and answers 200 OK', async () => {
    const body = form({ firstName: '  Dana ', email: 'Dana.Cohen@Example.COM', formType: 'guides' });
    const res = await send(body, { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(okStatusReplySchema.parse(res.json())).toEqual({ data: { status: 'OK' } });
    const [row] = await rowsOf('dana.cohen@example.com');
    expect(row).toMatchObject({ firstName: 'Dana', lastName: 'Cohen', phone: '054-7654321', formType: 'guides', aff: null, language: 'en' });
  });

  it('a repeat of the same email and form updates the lead, never duplicates it; the other form is another lead', async () => {
    const first = form({ formType: 'makeMoney', aff: 'FIRSTAFF' });
    expect((await send(first)).statusCode).toBe(200);
    const [before] = await rowsOf(first.email);
    // The same address typed differently, new details, no affiliate this time.
    const again = { ...first, email: first.email.toUpperCase(), firstName: 'Dani', phone: '052-1111111', aff: null };
    expect((await send(again, { language: 'en' })).statusCode).toBe(200);
    const rows = await rowsOf(first.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before.id, firstName: 'Dani', phone: '052-1111111', language: 'en', aff: 'FIRSTAFF' });
    expect(rows[0].updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(rows[0].createdAt).toEqual(before.createdAt);

    expect((await send({ ...first, formType: 'guides' })).statusCode).toBe(200);
    expect((await rowsOf(first.email)).map((row) => row.formType).sort()).toEqual(['guides', 'makeMoney']);
  });

  it('two sends of the same form at once still make one lead', async () => {
    const body = form();
    const replies = await Promise.all([send(body), send(body), send(body)]);
    expect(replies.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await rowsOf(body.email)).toHaveLength(1);
  });

  it('takes the affiliate from the aff cookie over the body’s, and the body’s when there is no cookie', async () => {
    const withCookie = form({ aff: 'BODYCODE' });
    await send(withCookie, { cookie: 'lang=he; aff=COOKIECODE' });
    expect((await rowsOf(withCookie.email))[0].aff).toBe('COOKIECODE');
    const bodyOnly = form({ aff: ' BODYCODE ' });
    await send(bodyOnly);
    expect((await rowsOf(bodyOnly.email))[0].aff).toBe('BODYCODE');
    const empty = form({ aff: '' });
    await send(empty);
    expect((await rowsOf(empty.email))[0].aff).toBeNull();
  });

  it('emails every admin in the admin’s language, with the details; a repeat says so', async () => {
    const body = form({ firstName: 'Yael', lastName: 'Mizrahi', formType: 'guides' });
    await send(body, { language: 'he' });
    const mails = (await t.readOutbox()).filter((mail) => mail.text.includes(body.email));
    const toEnglish = mails.find((mail) => mail.to === admin.user.email);
    const toHebrew = mails.find((mail) => mail.to === hebrewAdmin.user.email);
    expect(toEnglish).toMatchObject({ subject: 'New lead: Yael Mizrahi (Guides)', language: 'en' });
    expect(toEnglish?.text).toContain('Phone: 054-7654321');
    expect(toEnglish?.text).toContain('Language: Hebrew');
    expect(toEnglish?.text).toContain(`${t.config.publicUrl}/admin-users?tab=leads`);
    expect(toHebrew).toMatchObject({ subject: 'פנייה חדשה: Yael Mizrahi (מדריכים)', language: 'he' });
    expect(toHebrew?.html).toContain('dir="rtl"');

    await send(body, { language: 'he' });
    const again = (await t.readOutbox()).filter((mail) => mail.to === admin.user.email && mail.text.includes(body.email));
    expect(again.map((mail) => mail.subject)).toEqual(['New lead: Yael Mizrahi (Guides)', 'Lead sent again: Yael Mizrahi (Guides)']);
  });

  it('puts the names the visitor typed in the admins’ email short and never as a link', async () => {
    const body = form({ firstName: 'Admin: verify https://evil.example', lastName: 'www.evil.example/login-now-before-it-is-too-late-x' });
    expect((await send(body)).statusCode).toBe(200);
    const mail = (await t.readOutbox()).find((m) => m.to === admin.user.email && m.text.includes(body.email));
    for (const part of [mail?.subject ?? '', mail?.text ?? '', mail?.html ?? '']) {
      expect(part).not.toContain('://evil');
      expect(part).not.toContain('www.evil');
      expect(part).not.toContain('too-late-x');
    }
  });

  describe('bad input: 400 and nothing stored', () => {
    const bad: [string, unknown][] = [
      ['no first name', form({ firstName: undefined })],
      ['a blank last name', form({ lastName: '   ' })],
      ['no email', form({ email: undefined })],
      ['no phone', form({ phone: undefined })],
      ['no form type', form({ formType: undefined })],
      ['an unknown form type', form({ formType: 'builders' })],
      ['a bad email', form({ email: 'not-an-email' })],
      ['an email over 254 characters', form({ email: `${'a'.repeat(250)}@example.com` })],
      ['a first name over 60 characters', form({ firstName: 'a'.repeat(61) })],
      ['a last name over 60 characters', form({ lastName: 'b'.repeat(61) })],
      ['a phone that is not one', form({ phone: 'call me' })],
      ['a phone over 20 characters', form({ phone: '0'.repeat(21) })],
      ['an affiliate code over 64 characters', form({ aff: 'A'.repeat(65) })],
      ['a control character', form({ firstName: 'Da\u0000na' })],
      ['an unknown field', { ...form(), role: 'admin' }],
      ['a number for a name', form({ firstName: 7 })],
      ['an array', [form()]],
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
      const res = await send(undefined, { raw: '{"firstName":' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad_json');
      expect(await allRows()).toBe(before);
    });

    it('an oversized body: 413', async () => {
      const before = await allRows();
      const res = await send({ ...form(), padding: 'x'.repeat(20_000) });
      expect(res.statusCode).toBe(413);
      expect(await allRows()).toBe(before);
    });
  });

  it('rate limits the form to 5 a minute per address, in the visitor’s language; another address still gets through', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await send(form(), { ip })).statusCode).toBe(200);
    const limited = await send(form(), { ip, language: 'he' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: 'נשלחו מכאן יותר מדי טפסים. אפשר לנסות שוב בעוד דקה.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(form(), { ip, language: 'en' })).json().message).toMatch(/too many forms/i);
    expect((await send(form())).statusCode).toBe(200);
  });

  describe('the list (admins)', () => {
    it('lists the latest sent first, with the affiliate’s name when the code is a user’s', async () => {
      const affiliate = await buildUser(t.db, { firstName: 'Avi', lastName: 'Peretz' });
      const older = form({ lastName: 'Older' });
      const newer = form({ lastName: 'Newer', aff: affiliate.affiliateCode, formType: 'guides' });
      await send(older);
      await send(newer);
      const { data, total, page, pageSize } = await listed();
      expect({ page, pageSize }).toEqual({ page: 1, pageSize: 20 });
      expect(total).toBe((await t.db.select().from(leads)).length);
      const ids = data.map((lead) => lead.email);
      expect(ids.indexOf(newer.email)).toBeLessThan(ids.indexOf(older.email));
      expect(data[0]).toMatchObject({ email: newer.email, formType: 'guides', aff: affiliate.affiliateCode, affName: 'Avi Peretz', language: 'he' });
      // A repeat moves the lead to the top.
      await send(older);
      expect((await listed()).data[0].email).toBe(older.email);
    });

    it('filters by form, searches names, email and phone (any case, wildcards literal) and pages', async () => {
      const guide = form({ firstName: 'Zehava', lastName: 'Unique', formType: 'guides', phone: '+972 50 999 8888' });
      await send(guide);
      const guides = await listed('?formType=guides');
      expect(guides.data.every((lead) => lead.formType === 'guides')).toBe(true);
      expect((await listed('?formType=makeMoney')).data.some((lead) => lead.email === guide.email)).toBe(false);
      expect((await listed('?q=zehava%20uni')).data.map((lead) => lead.email)).toEqual([guide.email]);
      expect((await listed(`?q=${encodeURIComponent(guide.email.toUpperCase())}`)).data).toHaveLength(1);
      expect((await listed('?q=999%208888')).data).toHaveLength(1);
      expect((await listed('?q=%25')).total).toBe(0);
      const firstPage = await listed('?pageSize=10');
      const secondPage = await listed('?pageSize=10&page=2');
      expect(firstPage.data).toHaveLength(10);
      expect(secondPage.data.map((lead) => lead._id)).not.toContain(firstPage.data[0]._id);
      expect((await listed('?pageSize=500')).data.length).toBe(firstPage.total);
    });

    it.each(['?page=0', '?page=02', '?pageSize=15', '?formType=other'])('a bad query %s: 400', async (query) => {
      expect((await list(query)).statusCode).toBe(400);
    });

    it('anonymous: 401; a user who is not an admin: 403', async () => {
      expect((await list('', '')).statusCode).toBe(401);
      const user = await userWithToken(t);
      const res = await list('', user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    });
  });
});
