import type { Language } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

export type ReportForEmail = { where: string; what: string; email: string | null; language: Language };

/** How much of the sender's own words the email quotes; the whole report is in the admin's list. */
const WHERE_SHOWN = 80;
const WHAT_SHOWN = 300;

const words = {
  en: {
    subject: (where: string) => `Accessibility barrier reported: ${where}`,
    intro: 'Someone reported an accessibility barrier from the accessibility statement. Israeli law expects an answer within a reasonable time.',
    labels: { where: 'Where', what: 'What happened', email: 'Answer to', language: 'Language', none: 'no address given' },
    language: { he: 'Hebrew', en: 'English' } satisfies Record<Language, string>,
    button: 'Open the accessibility reports',
  },
  he: {
    subject: (where: string) => `דיווח על חסם נגישות: ${where}`,
    intro: 'התקבל דיווח על חסם נגישות מהצהרת הנגישות. יש להשיב בתוך זמן סביר.',
    labels: { where: 'איפה', what: 'מה קרה', email: 'להשיב אל', language: 'שפה', none: 'לא נמסרה כתובת' },
    language: { he: 'עברית', en: 'אנגלית' } satisfies Record<Language, string>,
    button: 'לדיווחי הנגישות',
  },
};

/**
 * To an admin, in the admin's language: a barrier was reported. What the sender typed is quoted short,
 * on one line and never as a link (platform/mail/html.ts): the admin reads the whole report in the list.
 */
export function barrierReportedEmail(input: { report: ReportForEmail; link: string; language: Language }): MailContent {
  const { report, link, language } = input;
  const w = words[language];
  const where = typedText(report.where, WHERE_SHOWN);
  const subject = w.subject(where);
  const lines = [
    `${w.labels.where}: ${where}`,
    `${w.labels.what}: ${typedText(report.what, WHAT_SHOWN)}`,
    `${w.labels.email}: ${report.email ?? w.labels.none}`,
    `${w.labels.language}: ${w.language[report.language]}`,
  ];
  const html = emailDocument(language, subject, [mailHtml.paragraph(w.intro), ...lines.map(mailHtml.paragraph), mailHtml.button(link, w.button), mailHtml.small(link)]);
  const text = [w.intro, '', ...lines, '', `${w.button}: ${link}`, ''].join('\n');
  return { subject, html, text, language };
}
