import type { Language } from '@streethunt/shared';
import type { MailContent } from '../../platform/mail/mailer.ts';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';

/** The end-of-game email to a buyer: one single-use link to the feedback page (HTML and plain text). */
export function feedbackInvitationEmail(input: { fullName: string; gameName: string; link: string; language: Language }): MailContent {
  const { link, language } = input;
  // Names callers typed: one short plain line each, never a link (platform/mail/html.ts).
  const [fullName, gameName] = [typedText(input.fullName), typedText(input.gameName)];
  const w =
    language === 'en'
      ? {
          subject: `How was ${gameName}?`,
          greeting: `Hello ${fullName},`,
          paragraphs: [
            `Thank you for playing ${gameName}! We would love to hear what you thought.`,
            'Three quick star ratings (the game, the questions, the route) and a comment if you like: it takes less than a minute.',
          ],
          button: 'Rate the game',
          footer: 'The link works once.',
        }
      : {
          subject: `איך היה המשחק ${gameName}?`,
          greeting: `שלום ${fullName},`,
          paragraphs: [
            `תודה ששיחקת ב${gameName}! נשמח לשמוע מה חשבת.`,
            'שלושה דירוגים קצרים בכוכבים (המשחק, השאלות, המסלול) והערה אם תרצו: זה לוקח פחות מדקה.',
          ],
          button: 'לדירוג המשחק',
          footer: 'הקישור מיועד לשימוש אחד.',
        };
  const html = emailDocument(language, w.subject, [
    mailHtml.paragraph(w.greeting),
    ...w.paragraphs.map(mailHtml.paragraph),
    mailHtml.button(link, w.button),
    mailHtml.small(link),
    mailHtml.small(w.footer),
  ]);
  const text = [w.greeting, '', ...w.paragraphs, '', `${w.button}: ${link}`, '', w.footer, ''].join('\n');
  return { subject: w.subject, html, text, language };
}
