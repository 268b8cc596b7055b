import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME, type Language } from '@streethunt/shared';
import { gameCodeEmail } from '../payments/emails.ts';
import { resetPasswordEmail, validationEmail } from './emails.ts';

// Every email names the product in its own language: סטריטהאנט in Hebrew, StreetHunt in English.
describe('the product’s name in emails', () => {
  const emails = (language: Language) => ({
    validation: validationEmail({ firstName: 'Maya', link: 'http://localhost:3000/validate-email/t', language }),
    reset: resetPasswordEmail({ firstName: 'Maya', link: 'http://localhost:3000/reset-password/i/t', language }),
    code: gameCodeEmail({ fullName: 'Maya Cohen', gameName: 'Game', code: 'ABCDEFGHJ', gameLink: 'http://localhost:3000/game/g', language }),
  });
  const other: Record<Language, Language> = { he: 'en', en: 'he' };

  it.each(['he', 'en'] as const)('%s', (language) => {
    for (const [name, email] of Object.entries(emails(language))) {
      expect(email.language, name).toBe(language);
      expect(`${email.subject}\n${email.text}`, name).toContain(PRODUCT_NAME[language]);
      expect(email.html, name).toContain(PRODUCT_NAME[language]);
      for (const part of [email.subject, email.text, email.html]) expect(part, name).not.toContain(PRODUCT_NAME[other[language]]);
    }
  });
});
