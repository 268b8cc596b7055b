import { EMAIL_VALIDATION_TTL_HOURS, PRODUCT_NAME, type Language } from '@streethunt/shared';
import { emailDocument, mailHtml, typedText } from '../../platform/mail/html.ts';
import type { MailContent } from '../../platform/mail/mailer.ts';

/** What an account email needs; `to` is added by the caller. */
type EmailInput = { firstName: string; link: string; language: Language };
type Wording = { subject: string; greeting: string; paragraphs: string[]; button: string; footer: string };

/** One layout for every account email: a greeting, some paragraphs, one button, a footer. */
function render(wording: Wording, link: string, language: Language): MailContent {
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

export function validationEmail({ firstName: typed, link, language }: EmailInput): MailContent {
  // The address may be someone else's: the name is whatever the caller typed.
  const firstName = typedText(typed);
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

export function resetPasswordEmail({ firstName: typed, link, language }: EmailInput): MailContent {
  const firstName = typedText(typed);
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

/**
 * To an account's owner when someone signs up with its address: the signup's reply said nothing, so
 * the caller learns nothing; the owner can log in or reset the password. Nothing the caller typed is in it.
 */
export function signupAttemptEmail({ login, reset, language }: { login: string; reset: string; language: Language }): MailContent {
  const wording: Wording =
    language === 'en'
      ? {
          subject: `Someone tried to sign up to ${PRODUCT_NAME.en} with your address`,
          greeting: 'Hello,',
          paragraphs: [
            `Someone tried to create a ${PRODUCT_NAME.en} account with this email address, which already has an account. No new account was made and nothing changed in yours.`,
            `If it was you, log in: ${login}. Forgot your password? Reset it through the link below.`,
          ],
          button: 'Reset my password',
          footer: 'If it was not you, you can ignore this message.',
        }
      : {
          subject: `מישהו ניסה להירשם ל${PRODUCT_NAME.he} עם הכתובת שלך`,
          greeting: 'שלום,',
          paragraphs: [
            `מישהו ניסה לפתוח חשבון ב${PRODUCT_NAME.he} עם כתובת הדוא״ל הזו, שכבר יש לה חשבון. לא נפתח חשבון חדש ובחשבון שלך לא השתנה דבר.`,
            `אם זה היית את/ה, אפשר להתחבר: ${login}. שכחת את הסיסמה? אפשר לאפס אותה בקישור הבא.`,
          ],
          button: 'איפוס הסיסמה',
          footer: 'אם זה לא היית את/ה, אפשר להתעלם מהודעה זו.',
        };
  return render(wording, reset, language);
}

/** To the account holder on every change of where their share is paid: who changed it, if not them, must act. */
export function paymentDetailsChangedEmail(input: { firstName: string; maskedAccount: string; link: string; language: Language }): MailContent {
  const { maskedAccount, link, language } = input;
  const firstName = typedText(input.firstName);
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
