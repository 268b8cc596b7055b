import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

type MailConfig = { transport: 'outbox' | 'smtp'; smtpUrl?: string; from: string };

function toNodemailer(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'Content-Language': message.language },
  };
}

/**
 * Writes each message as an .eml file under `dir`, so a developer (or a test) can open it. The files
 * hold validation and reset links and game codes: only the owner may read them (0600, directory 0700).
 */
export function createOutboxMailer(from: string, dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let dirReady: Promise<void> | undefined;
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(from, message));
      // A directory made before (by an older version, or by hand) is narrowed too.
      dirReady ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(() => chmod(dir, 0o700));
      await dirReady;
      // Sortable by time; the random part keeps two messages in one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600, flag: 'wx' });
    },
  };
}

/** A server that does not answer fails the send within seconds (the queue retries it), never holds a worker for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(from: string, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(from, message));
    },
    async close() {
      transport.close();
    },
  };
}

export function createMailer(mail: MailConfig, dataDir: string): Mailer {
  if (mail.transport === 'smtp') {
    if (!mail.smtpUrl) throw new Error('SMTP_URL must be set when MAIL_TRANSPORT=smtp');
    return createSmtpMailer(mail.from, mail.smtpUrl);
  }
  return createOutboxMailer(mail.from, path.join(dataDir, 'outbox'));
}
