import { PRODUCT_NAME, type Language } from '@streethunt/shared';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { escapeHtml } from '../account/emails.ts';

type Email = Omit<MailMessage, 'to'>;

export type GameCodeEmailInput = { fullName: string; gameName: string; code: string; gameLink: string; language: Language };

/** The purchased code, with the game's link and how to start (HTML and plain text), in `language`: the game's. */
export function gameCodeEmail({ fullName, gameName, code, gameLink, language }: GameCodeEmailInput): Email {
  const w =
    language === 'en'
      ? {
          subject: `Your code for ${gameName}`,
          greeting: `Hello ${fullName},`,
          intro: `Thank you for buying ${gameName}. Your game code is:`,
          howTitle: 'How to start',
          how: [
            'Open the game link on your phone when you are at the starting point.',
            'Tap “Let’s play” and enter the code.',
            'Everyone in your group can enter the same code on their own phone: you all share one game and see each other’s progress.',
          ],
          button: 'Open the game',
          footer: 'Keep this email: the code lets you continue the game on another device.',
          signature: `The ${PRODUCT_NAME.en} team`,
        }
      : {
          subject: `הקוד שלך למשחק ${gameName}`,
          greeting: `שלום ${fullName},`,
          intro: `תודה שרכשת את המשחק ${gameName}. קוד המשחק שלך:`,
          howTitle: 'איך מתחילים',
          how: [
            'פותחים את הקישור למשחק בטלפון כשמגיעים לנקודת ההתחלה.',
            'לוחצים על "בואו נשחק" ומקלידים את הקוד.',
            'כל חברי הקבוצה יכולים להקליד את אותו הקוד בטלפון שלהם: כולם משחקים באותו משחק ורואים את ההתקדמות של כולם.',
          ],
          button: 'למשחק',
          footer: 'כדאי לשמור את ההודעה הזו: עם הקוד אפשר להמשיך את המשחק גם ממכשיר אחר.',
          signature: `צוות ${PRODUCT_NAME.he}`,
        };
  const dir = language === 'he' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body dir="${dir}" style="font-family: Arial, sans-serif; line-height: 1.5;">
<p>${escapeHtml(w.greeting)}</p>
<p>${escapeHtml(w.intro)}</p>
<p dir="ltr" style="font-size: 26px; font-weight: bold; letter-spacing: 3px; font-family: monospace;">${escapeHtml(code)}</p>
<h2 style="font-size: 18px;">${escapeHtml(w.howTitle)}</h2>
<ol>
${w.how.map((step) => `<li>${escapeHtml(step)}</li>`).join('\n')}
</ol>
<p><a href="${escapeHtml(gameLink)}" style="display: inline-block; padding: 10px 18px; background: #0b7285; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(w.button)}</a></p>
<p style="font-size: 13px; color: #555555;">${escapeHtml(gameLink)}</p>
<p style="font-size: 13px; color: #555555;">${escapeHtml(w.footer)}</p>
<p>${escapeHtml(w.signature)}</p>
</body>
</html>`;
  const text = [
    w.greeting,
    '',
    w.intro,
    code,
    '',
    `${w.howTitle}:`,
    ...w.how.map((step, i) => `${i + 1}. ${step}`),
    '',
    `${w.button}: ${gameLink}`,
    '',
    w.footer,
    '',
    w.signature,
    '',
  ].join('\n');
  return { subject: w.subject, html, text, language };
}
