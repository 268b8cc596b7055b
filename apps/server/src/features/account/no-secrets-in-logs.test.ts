import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../services.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { postJson } from '../../test/requests.ts';

/** The token at the end of an emailed link. */
const linkToken = (mail: MailMessage, marker: string) => {
  const match = new RegExp(`${marker}([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${marker} link`);
  return match[1];
};

describe('account calls keep passwords and tokens out of the logs', () => {
  const logLines: string[] = [];
  const sent: MailMessage[] = [];
  // The transport behind the app's mail queue.
  const transport: Mailer = { send: async (message) => void sent.push(message) };
  let t: TestApp;
  let app: App;

  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logLines, transport: () => transport });
    app = t.app;
  });
  afterAll(() => t.close());

  it('signup, validation, login, auto-login, reset and update-password log no secret', async () => {
    const email = 'secretive@example.com';
    const password = 'Sup3r-Secret-Passw0rd';
    const newPassword = 'An0ther-Secret-Passw0rd';
    const secrets: string[] = [password, newPassword];

    expect((await postJson(app, '/api/signup', { firstName: 'Sam', lastName: 'Hidden', email, password, phone: '050-1112222' })).statusCode).toBe(200);
    await app.services.mailer.settled();
    const validationToken = linkToken(sent[0], '/validate-email/');
    secrets.push(validationToken);
    expect((await postJson(app, '/api/user/validate-email', { token: validationToken })).statusCode).toBe(200);
    // Failures are logged too: a wrong password, a reused token.
    expect((await postJson(app, '/api/login', { email, password: `${password}-wrong` })).statusCode).toBe(401);
    expect((await postJson(app, '/api/user/validate-email', { token: validationToken })).statusCode).toBe(400);

    const login = await postJson(app, '/api/login', { email, password });
    expect(login.statusCode).toBe(200);
    const { accessToken, data } = login.json();
    secrets.push(accessToken);
    const autoLogin = await postJson(app, '/api/auto-login', {}, { token: accessToken });
    expect(autoLogin.statusCode).toBe(200);
    secrets.push(autoLogin.json().accessToken);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers: { 'x-access-token': accessToken } })).statusCode).toBe(200);

    expect((await postJson(app, '/api/reset-password', { email })).statusCode).toBe(200);
    await app.services.mailer.settled();
    const resetToken = linkToken(sent[1], `/reset-password/${data.userId}/`);
    secrets.push(resetToken);
    expect((await postJson(app, '/api/update-password', { password: newPassword, id: data.userId, token: resetToken })).json().data.status).toBe('OK');
    expect((await postJson(app, '/api/update-password', { password: newPassword, id: data.userId, token: resetToken })).json().data.status).toBe('ERROR');

    // Opening the emailed links requests the page with the token in its path.
    await app.inject({ method: 'GET', url: `/validate-email/${validationToken}` });
    await app.inject({ method: 'GET', url: `/reset-password/${data.userId}/${resetToken}` });

    const log = logLines.join('\n');
    expect(log).toContain('/validate-email/[redacted]');
    // The log did record these requests, so the check below is not vacuous.
    for (const url of ['/api/signup', '/api/login', '/api/auto-login', '/api/update-password']) expect(log).toContain(url);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // A token's prefix is no better than the token.
    for (const secret of secrets) expect(log).not.toContain(secret.slice(0, 16));
  });

  it('logs a mail the transport refused by its kind only, without the address, and keeps serving', async () => {
    const email = 'unlucky-recipient@example.com';
    await postJson(app, '/api/signup', { firstName: 'Uri', lastName: 'Unlucky', email, password: 'Some-Passw0rd-here', phone: '050-3334444' });
    await app.services.mailer.settled();
    const failure = Object.assign(new Error(`550 mailbox <${email}> unavailable`), { code: 'EENVELOPE' });
    const send = vi.spyOn(transport, 'send').mockRejectedValue(failure);
    try {
      const before = logLines.length;
      expect((await postJson(app, '/api/reset-password', { email })).statusCode).toBe(200);
      await app.services.mailer.settled();
      expect(send).toHaveBeenCalledOnce();
      const log = logLines.slice(before).join('\n');
      expect(log).toContain('mail not sent');
      expect(log).toContain('EENVELOPE');
      expect(log).not.toContain(email);
      expect((await postJson(app, '/api/login', { email, password: 'wrong-password-1' })).statusCode).toBe(401);
    } finally {
      send.mockRestore();
    }
  });
});
