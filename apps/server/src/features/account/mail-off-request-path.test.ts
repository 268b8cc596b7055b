import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { postJson } from '../../test/requests.ts';

/** How long the slow mailer takes per message; a reply that waited for it would take at least this. */
const MAIL_DELAY_MS = 1500;

describe('mail goes out after the reply, so timing does not tell whether an email is known', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A slow mail server: every message takes MAIL_DELAY_MS before it is written to the outbox.
    t = await buildTestApp({
      transport: (outbox) => ({
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
          await outbox.send(message);
        },
      }),
    });
  });
  afterAll(() => t.close());

  async function timed(url: string, email: string): Promise<number> {
    const started = performance.now();
    const res = await postJson(t.app, url, { email });
    expect(res.statusCode).toBe(200);
    return performance.now() - started;
  }

  it.each([
    { url: '/api/reset-password', subject: /reset/i, emailValidatedAt: new Date() },
    { url: '/api/user/resend-validation', subject: /confirm/i, emailValidatedAt: null },
  ])('$url answers a known and an unknown email fast, and the known one still gets its mail', async ({ url, subject, emailValidatedAt }) => {
    const user = await buildUser(t.db, { language: 'en', emailValidatedAt });
    const known = await timed(url, user.email);
    const unknown = await timed(url, `nobody-${user.id}@example.com`);
    // Both well under the mail's delay: neither waited for a mail (or for the look-up that decides one).
    expect(known).toBeLessThan(MAIL_DELAY_MS / 2);
    expect(unknown).toBeLessThan(MAIL_DELAY_MS / 2);

    const mails = (await t.readOutbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(subject);
    expect((await t.readOutbox()).filter((m) => m.to === `nobody-${user.id}@example.com`)).toHaveLength(0);
  });

  it('signs up without waiting for the confirmation mail, which still arrives', async () => {
    const email = 'slow-mail-signup@example.com';
    const started = performance.now();
    const res = await postJson(t.app, '/api/signup', { firstName: 'Dan', lastName: 'Slow', email, password: 'Sl0w-mail-password', phone: '050-5556666' });
    expect(res.statusCode).toBe(200);
    // Signing up hashes the password (tens of ms), but no longer waits for the mail server.
    expect(performance.now() - started).toBeLessThan(MAIL_DELAY_MS);
    expect((await t.readOutbox()).filter((m) => m.to === email)).toHaveLength(1);
  });
});
