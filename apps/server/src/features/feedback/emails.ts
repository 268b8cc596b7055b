import type { Language } from '@streethunt/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { escapeHtml } from '../account/emails.ts';

type Email = Omit<MailMessage, 'to'>;

/** The end-of-game email to a buyer: one single-use link to the feedback page (HTML and plain text). */
export function feedbackInvitationEmail(input: { fullName: string; gameName: string; link: string; language: Language }): Email {
  const { fullName, gameName, link, language } = input;
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
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body dir="${dir}" style="font-family: Arial, sans-serif; line-height: 1.5;">
<p>${escapeHtml(w.greeting)}</p>
${w.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(w.button)}</a></p>
<p style="font-size: 13px; color: #555555;">${escapeHtml(link)}</p>
<p style="font-size: 13px; color: #555555;">${escapeHtml(w.footer)}</p>
</body>
</html>`;
  const text = [w.greeting, '', ...w.paragraphs, '', `${w.button}: ${link}`, '', w.footer, ''].join('\n');
  return { subject: w.subject, html, text, language };
}
