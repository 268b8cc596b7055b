import { describe, expect, it } from 'vitest';
import en from './en.json';
import he from './he.json';

/** Every text of a translation tree. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node !== null && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
}

/** The Hebrew words for email other than the one we use (דוא״ל): 'מייל', 'אימייל', 'דואר אלקטרוני', and 'דוא"ל' with a plain quote. */
const OTHER_HEBREW_EMAIL_WORDS = /מייל|דואר\s*אלקטרוני|דוא"ל/;

describe('wording', () => {
  it('uses one Hebrew word for email throughout: דוא״ל', () => {
    const hebrew = texts(he);
    expect(hebrew.filter((text) => OTHER_HEBREW_EMAIL_WORDS.test(text))).toEqual([]);
    expect(hebrew.some((text) => text.includes('דוא״ל'))).toBe(true);
  });

  it("says 'Log out' and 'Feedback' in English", () => {
    expect(en.menu.logout).toBe('Log out');
    expect(en.menu.feedbacks).toBe('Feedback');
    expect(texts(en).filter((text) => /\bDisconnect|\bFeedbacks\b/.test(text))).toEqual([]);
  });
});
