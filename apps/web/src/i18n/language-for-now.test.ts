import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { chosenLanguage, setupI18n, showLanguageForNow } from './setup.ts';

// A game's language is shown for now, never kept as the visitor's choice; a switch
// from the menu (a plain changeLanguage) is kept.
describe('the visitor’s language and a game’s', () => {
  let i18n: I18n;
  beforeAll(async () => {
    localStorage.clear();
    i18n = await setupI18n();
  });

  it('starts in Hebrew with no choice kept', () => {
    expect(i18n.language).toBe('he');
    expect(chosenLanguage()).toBeNull();
  });

  it('shows a game’s language without keeping it, with lang and dir on <html>', async () => {
    await showLanguageForNow(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr']);
    expect(localStorage.getItem('lang')).toBeNull();
    expect(chosenLanguage()).toBeNull();
    await showLanguageForNow(i18n, 'he');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['he', 'rtl']);
    expect(chosenLanguage()).toBeNull();
  });

  it('keeps the visitor’s own switch (the menu’s)', async () => {
    await i18n.changeLanguage('en');
    expect(chosenLanguage()).toBe('en');
    await showLanguageForNow(i18n, 'he');
    expect(i18n.language).toBe('he');
    expect(chosenLanguage()).toBe('en');
  });
});
