import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import en from './en.json';
import he from './he.json';

const STORAGE_KEY = 'lang';

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'he' ? 'rtl' : 'ltr';
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** `<html lang dir>` follow the active language. */
function applyToDocument(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function setupI18n() {
  const lng = storedLanguage();
  void i18next.use(initReactI18next).init({
    resources: { he: { translation: he }, en: { translation: en } },
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(lng);
  i18next.on('languageChanged', (language) => {
    applyToDocument(language);
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      /* private mode: the choice lasts for this visit only */
    }
  });
  return i18next;
}
