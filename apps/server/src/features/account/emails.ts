import { EMAIL_VALIDATION_TTL_HOURS, PRODUCT_NAME, type Language } from '@streethunt/shared';
import { emailDocument, mailHtml } from '../../platform/mail/html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** What an account email needs; `to` is added by the caller. */
type EmailInput = { firstName: string; link: string; language: Language };
type Email = Omit<MailMessage, 'to'>;

type Wording = { subject: string; greeting: string; paragraphs: string[]; button: string; footer: string };

/** One layout for every account email: a greeting, some paragraphs, one button, a footer. */
function render(wording: Wording, link: string, language: Language): Email {
  const html = emailDocument(language, wording.subject, [
    mailHtml.paragraph(wording.greeting),
    ...wording.paragraphs.map(mailHtml.paragraph),
    mailHtml.button(link, wording.button),
    mailHtml.small(link),
    mailHtml.small(wording.footer),
  ]);
  const text = [wording.greeting, '', ...wording.paragraphs, '', `${wording.button}: ${link}`, '', wording.footer, ''].join('\n');
  return { subject: wording.subject, html, text, language };
}

export function validationEmail({ firstName, link, language }: EmailInput): Email {
  const wording: Wording =
    language === 'en'
      ? {
          subject: `Confirm your email address for ${PRODUCT_NAME.en}`,
          greeting: `Hello ${firstName},`,
          paragraphs: [
            `Thank you for signing up to ${PRODUCT_NAME.en}. To activate your account, please confirm your email address.`,
            `The link is valid for ${EMAIL_VALIDATION_TTL_HOURS} hours.`,
          ],
          button: 'Confirm my email',
          footer: 'If you did not sign up, you can ignore this message.',
        }
      : {
          subject: `אימות כתובת הדוא״ל שלך ב${PRODUCT_NAME.he}`,
          greeting: `שלום ${firstName},`,
          paragraphs: [
            `תודה שנרשמת ל${PRODUCT_NAME.he}. כדי להפעיל את החשבון, יש לאמת את כתובת הדוא״ל שלך.`,
            `הקישור בתוקף ל-${EMAIL_VALIDATION_TTL_HOURS} שעות.`,
          ],
          button: 'אימות הדוא״ל',
          footer: 'אם לא נרשמת, אפשר להתעלם מהודעה זו.',
        };
  return render(wording, link, language);
}

export function resetPasswordEmail({ firstName, link, language }: EmailInput): Email {
  const wording: Wording =
    language === 'en'
      ? {
          subject: `Reset your ${PRODUCT_NAME.en} password`,
          greeting: `Hello ${firstName},`,
          paragraphs: [
            'We received a request to reset your password. Choose a new password through the link below.',
            'The link is valid for one hour and works once.',
          ],
          button: 'Choose a new password',
          footer: 'If you did not ask for this, ignore this message and your password stays as it is.',
        }
      : {
          subject: `איפוס הסיסמה שלך ב${PRODUCT_NAME.he}`,
          greeting: `שלום ${firstName},`,
          paragraphs: ['קיבלנו בקשה לאיפוס הסיסמה שלך. אפשר לבחור סיסמה חדשה בקישור הבא.', 'הקישור בתוקף לשעה אחת ולשימוש אחד.'],
          button: 'בחירת סיסמה חדשה',
          footer: 'אם לא ביקשת איפוס, אפשר להתעלם מהודעה זו והסיסמה לא תשתנה.',
        };
  return render(wording, link, language);
}

/** To the account holder on every change of where their share is paid: who changed it, if not them, must act. */
export function paymentDetailsChangedEmail(input: { firstName: string; maskedAccount: string; link: string; language: Language }): Email {
  const { firstName, maskedAccount, link, language } = input;
  const wording: Wording =
    language === 'en'
      ? {
          subject: `Your bank details on ${PRODUCT_NAME.en} were changed`,
          greeting: `Hello ${firstName},`,
          paragraphs: [
            `The bank account your payouts go to was just changed. It now ends in ${maskedAccount}.`,
            'If you made this change, there is nothing to do. If not, choose a new password at once through the link below and check your bank details.',
          ],
          button: 'Choose a new password',
          footer: 'We send this message on every change of your bank details.',
        }
      : {
          subject: `פרטי הבנק שלך ב${PRODUCT_NAME.he} שונו`,
          greeting: `שלום ${firstName},`,
          paragraphs: [
            `חשבון הבנק שאליו מועברים התשלומים שלך שונה עכשיו. מספר החשבון מסתיים כעת ב-${maskedAccount}.`,
            'אם ביצעת את השינוי, אין צורך לעשות דבר. אם לא, יש לבחור מיד סיסמה חדשה בקישור הבא ולבדוק את פרטי הבנק.',
          ],
          button: 'בחירת סיסמה חדשה',
          footer: 'הודעה זו נשלחת בכל שינוי של פרטי הבנק שלך.',
        };
  return render(wording, link, language);
}
