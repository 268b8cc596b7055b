import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import { LANGUAGE_STORAGE_KEY as STORAGE_KEY, RTL_LANGUAGES, keepLanguageCookie } from './language-storage.ts';
import { lazyTranslations } from './load-translations.ts';

export function directionOf(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** The visitor's language: the one they chose, else the default. */
export function chosenOrDefaultLanguage(): Language {
  return chosenLanguage() ?? DEFAULT_LANGUAGE;
}

/** Changes under way that are shown for now only (showLanguageForNow); the listener keeps none of them. */
let changesForNow = 0;

/**
 * Shows `language` without keeping it as the visitor's choice: a game's own language while the visitor
 * is inside that game (spec section 1). Reloads and other pages keep the visitor's language.
 */
export async function showLanguageForNow(instance: Pick<typeof i18next, 'changeLanguage'>, language: string): Promise<void> {
  changesForNow += 1;
  try {
    await instance.changeLanguage(language);
  } finally {
    changesForNow -= 1;
  }
}

/**
 * The visitor's own language when the page started in another one for now (a game's page drawn by the
 * server in the game's language); null otherwise.
 */
let ownLanguageBehindFirstScreen: Language | null = null;

/** The language to go back to on leaving a game: the one chosen, else the one the visit started in. */
export function ownLanguage(current: string): string {
  return chosenLanguage() ?? ownLanguageBehindFirstScreen ?? current;
}

/** The language the visitor chose (kept under 'lang'), or null when they never chose one. */
export function chosenLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : null;
  } catch {
    return null;
  }
}

/** `<html lang dir>` and the page's description follow the active language. */
function applyToDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  if (i18next.isInitialized) document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('common.metaDescription'));
}

/**
 * Starts i18next with the active language's texts only; the app renders once they are in (index.html
 * preloads that one chunk). No fallback language: it would download the other language on every
 * visit, and translations.test.ts already holds both files to the same keys.
 */
export async function setupI18n(first?: { language: Language; forNow: boolean }) {
  const own = chosenOrDefaultLanguage();
  const lng = first?.language ?? own;
  if (first?.forNow && lng !== own) ownLanguageBehindFirstScreen = own;
  // The server reads the choice from a cookie to draw /games in it; a choice kept before the cookie existed gets one.
  if (chosenLanguage()) keepLanguageCookie(own);
  applyToDocument(lng);
  await i18next.use(lazyTranslations).use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  applyToDocument(lng);
  i18next.on('languageChanged', (language) => {
    applyToDocument(language);
    if (changesForNow > 0) return;
    ownLanguageBehindFirstScreen = null;
    keepLanguageCookie(language);
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      /* private mode: the choice lasts for this visit only */
    }
  });
  return i18next;
}
