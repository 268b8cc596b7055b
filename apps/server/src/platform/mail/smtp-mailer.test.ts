import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../../test/smtp-server.ts';
import { createMailer, createSmtpMailer } from './create-mailer.ts';

/** Through a real SMTP server on loopback that parses every message it receives. */
describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let port: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    port = smtp.port;
  });
  afterAll(() => smtp.close());

  it('delivers subject, HTML and plain text in one message', async () => {
    const mailer = createSmtpMailer('StreetHunt <no-reply@streethunt.test>', `smtp://127.0.0.1:${port}`);
    await mailer.send({
      to: 'noa@example.com',
      subject: 'אימות כתובת הדוא״ל',
      html: '<p dir="rtl">שלום <b>נועה</b></p>',
      text: 'שלום נועה',
      language: 'he',
    });
    await mailer.close?.();

    expect(smtp.received).toHaveLength(1);
    const [{ to, mail }] = smtp.received;
    expect(to).toBe('noa@example.com');
    expect(mail.subject).toBe('אימות כתובת הדוא״ל');
    expect(mail.html).toContain('<p dir="rtl">שלום <b>נועה</b></p>');
    expect(mail.text?.trim()).toBe('שלום נועה');
    expect(mail.from?.value[0]?.address).toBe('no-reply@streethunt.test');
    expect(mail.headers.get('content-language')).toBe('he');
  });

  it('is what createMailer gives for MAIL_TRANSPORT=smtp, and refuses smtp without a URL', async () => {
    const mailer = createMailer({ transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${port}`, from: 'a@streethunt.test' }, '/nonexistent');
    await mailer.send({ to: 'b@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', language: 'en' });
    await mailer.close?.();
    expect(smtp.received.at(-1)?.mail.subject).toBe('Hello');
    expect(() => createMailer({ transport: 'smtp', from: 'a@streethunt.test' }, '/nonexistent')).toThrow(/SMTP_URL/);
  });
});
