import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, createSmtpMailer } from './create-mailer.ts';

/** A real SMTP server on loopback that parses every message it receives. */
describe('SMTP mailer', () => {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

    expect(received).toHaveLength(1);
    const [{ envelopeTo, mail }] = received;
    expect(envelopeTo).toEqual(['noa@example.com']);
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
    expect(received.at(-1)?.mail.subject).toBe('Hello');
    expect(() => createMailer({ transport: 'smtp', from: 'a@streethunt.test' }, '/nonexistent')).toThrow(/SMTP_URL/);
  });
});
