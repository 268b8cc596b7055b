/** One email: always with both an HTML and a plain-text part. */
export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Hebrew messages are sent right-to-left. */
  language: 'he' | 'en';
};

/** A message before it is addressed: what each feature's email writers return. */
export type MailContent = Omit<MailMessage, 'to'>;

/** How a message waits in the mail queue (./mail-queue.ts); a transport ignores it. */
export type SendOptions = {
  /** The same key again (a retried request) sends nothing more: the queue's job id is made from it. */
  key?: string;
  /** At most `perHour` messages of this kind to one address in an hour; beyond, dropped and counted. */
  limit?: MailLimit;
};

export type MailLimit = { kind: string; perHour: number };

/** The mail adapter: `outbox` files or SMTP (see ./create-mailer.ts), or the queue in front of them. */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close?(): Promise<void>;
}
