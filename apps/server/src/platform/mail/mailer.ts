/** One email: always with both an HTML and a plain-text part. */
export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Hebrew messages are sent right-to-left. */
  language: 'he' | 'en';
};

/** The mail adapter: `outbox` files or SMTP (see ./create-mailer.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
