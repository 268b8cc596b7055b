import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, createOutboxMailer } from './create-mailer.ts';

describe('outbox mailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'streethunt-outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each message as one .eml file that parses back whole', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer('StreetHunt <no-reply@streethunt.test>', outbox);
    await mailer.send({ to: 'sam@example.com', subject: 'Confirm your email', html: '<p>Hello <i>Sam</i></p>', text: 'Hello Sam', language: 'en' });

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(path.join(outbox, files[0])));
    expect(mail.subject).toBe('Confirm your email');
    expect(mail.html).toContain('<p>Hello <i>Sam</i></p>');
    expect(mail.text?.trim()).toBe('Hello Sam');
    expect(mail.headers.get('content-language')).toBe('en');

    await mailer.send({ to: 'sam@example.com', subject: 'Second', html: '<p>2</p>', text: '2', language: 'en' });
    expect(await readdir(outbox)).toHaveLength(2);
  });

  it('keeps the outbox readable by its owner only: the directory 0700, each file 0600', async () => {
    const outbox = path.join(dir, 'outbox');
    await createOutboxMailer('a@streethunt.test', outbox).send({ to: 'b@example.com', subject: 'Reset', html: '<p>link</p>', text: 'link', language: 'en' });
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const [name] = await readdir(outbox);
    expect((await stat(path.join(outbox, name))).mode & 0o777).toBe(0o600);
  });

  it('is the default of createMailer, under DATA_DIR/outbox', async () => {
    const mailer = createMailer({ transport: 'outbox', from: 'a@streethunt.test' }, dir);
    await mailer.send({ to: 'b@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', language: 'he' });
    expect(await readdir(path.join(dir, 'outbox'))).toHaveLength(1);
  });
});
