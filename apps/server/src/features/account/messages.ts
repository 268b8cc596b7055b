import type { Language } from '@streethunt/shared';

/**
 * The account replies' `message`s, which the web app shows as they are (spec section 8). The web
 * app asks for its interface language in Accept-Language; other callers get English.
 */
const english = {
  emailTaken: 'An account with this email already exists. Log in, or reset your password.',
  invalidValidationLink: 'The link is not valid. It may have expired or been used already.',
  wrongCredentials: 'Wrong email or password',
  needEmailValidate: 'Please confirm your email address first: open the link we emailed you, or ask for a new one.',
  resetSent: 'If an account exists for this email, we sent it a link to choose a new password.',
  invalidResetLink: 'The link is not valid. It may have expired or been used already; ask for a new one.',
  passwordUpdated: 'Your password was changed. You can log in with it now.',
  userNotFound: 'No such user',
};

export type AccountMessages = typeof english;

const hebrew: AccountMessages = {
  emailTaken: 'כבר קיים חשבון עם כתובת הדוא״ל הזו. אפשר להתחבר או לאפס את הסיסמה.',
  invalidValidationLink: 'הקישור אינו תקף. ייתכן שפג תוקפו או שכבר נעשה בו שימוש.',
  wrongCredentials: 'דוא״ל או סיסמה שגויים',
  needEmailValidate: 'יש לאמת קודם את כתובת הדוא״ל: לפתוח את הקישור ששלחנו, או לבקש קישור חדש.',
  resetSent: 'אם קיים חשבון עם כתובת הדוא״ל הזו, שלחנו אליה קישור לבחירת סיסמה חדשה.',
  invalidResetLink: 'הקישור אינו תקף. ייתכן שפג תוקפו או שכבר נעשה בו שימוש; אפשר לבקש קישור חדש.',
  passwordUpdated: 'הסיסמה שונתה. אפשר להתחבר איתה עכשיו.',
  userNotFound: 'המשתמש לא נמצא',
};

const byLanguage: Record<Language, AccountMessages> = { en: english, he: hebrew };

export function accountMessages(language: Language = 'en'): AccountMessages {
  return byLanguage[language];
}
