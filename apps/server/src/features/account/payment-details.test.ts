import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentDetailsReplySchema } from '@streethunt/shared';
import { payoutDetails } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../db/test-database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildPayoutDetails, buildUser } from '../../test/factories.ts';
import { getJson, postJson } from '../../test/requests.ts';
import { nextIp } from '../../test/client-address.ts';
import { tokenFor } from '../../test/tokens.ts';
import { accountTables, paymentDetailsInput } from './test-support.ts';

const details = paymentDetailsInput({ accountNumber: '99887766' });

describe.each(testDatabaseKinds())('bank details need the password on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const withGrant = (url: string, token: string, grant: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    t.app.inject({ method, url, payload, headers: { 'x-access-token': token, 'x-reports-grant': grant }, remoteAddress: nextIp() });
  const grantOf = async (token: string, password: string) =>
    (await postJson(t.app, '/api/reports/unlock', { password }, { token })).json().data.grant as string;

  it('reads the account number masked (its last 4 digits) without the password, whole with the reports grant', async () => {
    const user = await buildUser(t.db);
    await buildPayoutDetails(t.db, user.id, { accountNumber: '31415926' });
    const token = await tokenFor(t.app, user);
    const masked = await getJson(t.app, '/api/user/payment-details', { token });
    expect(masked.statusCode).toBe(200);
    expect(masked.body).not.toContain('31415926');
    expect(paymentDetailsReplySchema.parse(masked.json()).data.details).toMatchObject({ accountNumber: '••••5926', accountNumberMasked: true, bankNumber: '10' });
    expect(masked.headers['cache-control']).toBe('private, no-store');

    const whole = await withGrant('/api/user/payment-details', token, await grantOf(token, user.password));
    expect(whole.json().data.details).toMatchObject({ accountNumber: '31415926', accountNumberMasked: false });
    // Another user's grant, or a made-up one, shows it masked.
    const other = await buildUser(t.db);
    const othersGrant = await grantOf(await tokenFor(t.app, other), other.password);
    expect((await withGrant('/api/user/payment-details', token, othersGrant)).json().data.details.accountNumber).toBe('••••5926');
    expect((await withGrant('/api/user/payment-details', token, 'forged.grant.value')).json().data.details.accountNumber).toBe('••••5926');
  });

  it('refuses a change without the password, or with a wrong one, with 403 and changes nothing, emails nobody', async () => {
    const user = await buildUser(t.db);
    await buildPayoutDetails(t.db, user.id);
    const token = await tokenFor(t.app, user);
    const before = await accountTables(t.db);
    const mailsBefore = (await t.readOutbox()).length;
    for (const body of [details, { ...details, password: 'not-my-password' }]) {
      const res = await postJson(t.app, '/api/user/payment-details', body, { token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'wrong_credentials' });
    }
    expect(await accountTables(t.db)).toEqual(before);
    expect((await t.readOutbox()).length).toBe(mailsBefore);
  });

  it('saves with the password (or the grant) and emails the account holder on every change, the number masked in the mail', async () => {
    const user = await buildUser(t.db, { email: 'holder@example.com', firstName: 'Noa', language: 'en' });
    const token = await tokenFor(t.app, user);
    const saved = await postJson(t.app, '/api/user/payment-details', { ...details, password: user.password }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(paymentDetailsReplySchema.parse(saved.json()).data.details).toEqual({ ...details, accountNumberMasked: false, updatedAt: expect.any(String) });
    const [row] = await t.db.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id));
    expect(row).toMatchObject(details);

    const changed = await withGrant('/api/user/payment-details', token, await grantOf(token, user.password), 'POST', { ...details, accountNumber: '5550001234' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.db.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id)))[0].accountNumber).toBe('5550001234');

    const mails = (await t.readOutbox()).filter((m) => m.to === 'holder@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toMatch(/bank details/i);
    expect(mails[0].text).toContain('••••7766');
    expect(mails[1].text).toContain('••••1234');
    for (const mail of mails) {
      expect(mail.text).not.toContain('99887766');
      expect(mail.text).not.toContain('5550001234');
      expect(mail.text).toContain('/forgot-password');
    }
  });

  it('allows 5 password tries a minute per user (from any address), then 429 even for the right one', async () => {
    const user = await buildUser(t.db);
    const token = await tokenFor(t.app, user);
    const before = await accountTables(t.db);
    for (let i = 0; i < 5; i++) expect((await postJson(t.app, '/api/user/payment-details', { ...details, password: `wrong-${i}` }, { token })).statusCode).toBe(403);
    const sixth = await postJson(t.app, '/api/user/payment-details', { ...details, password: user.password }, { token });
    expect(sixth.statusCode).toBe(429);
    expect(await accountTables(t.db)).toEqual(before);
  });
});
