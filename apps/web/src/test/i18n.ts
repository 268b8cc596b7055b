import { createInstance, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@streethunt/shared';
import en from '../i18n/en.json';
import he from '../i18n/he.json';
import { STUDIO_NAMESPACE } from '../i18n/studio-translations.ts';
import { PRESENCE_NAMESPACE } from '../i18n/presence-translations.ts';
import { LIVE_NAMESPACE } from '../i18n/live-translations.ts';
import { LANGUAGES_NAMESPACE } from '../i18n/languages-translations.ts';
import { TERMS_NAMESPACE } from '../i18n/terms-translations.ts';
import { AFFILIATES_NAMESPACE } from '../i18n/affiliates-translations.ts';
import { OFFLINE_PACK_NAMESPACE } from '../i18n/offline-pack-translations.ts';
import offlinePackEn from '../i18n/player/offline-pack.en.json';
import offlinePackHe from '../i18n/player/offline-pack.he.json';
import { PURCHASES_NAMESPACE } from '../i18n/purchases-translations.ts';
import { BUILDERS_NAMESPACE } from '../i18n/builders-translations.ts';
import { ACCOUNT_NAMESPACE } from '../i18n/account-translations.ts';
import accountEn from '../i18n/app/account.en.json';
import accountHe from '../i18n/app/account.he.json';
import buildersEn from '../i18n/pages/builders.en.json';
import buildersHe from '../i18n/pages/builders.he.json';
import { ACCESSIBILITY_NAMESPACE } from '../i18n/accessibility-translations.ts';
import accessibilityEn from '../i18n/pages/accessibility.en.json';
import accessibilityHe from '../i18n/pages/accessibility.he.json';
import purchasesEn from '../i18n/player/purchases.en.json';
import purchasesHe from '../i18n/player/purchases.he.json';
import { lazyTranslations } from '../i18n/load-translations.ts';
import affiliatesEn from '../i18n/pages/affiliates.en.json';
import affiliatesHe from '../i18n/pages/affiliates.he.json';
import termsEn from '../i18n/pages/terms.en.json';
import termsHe from '../i18n/pages/terms.he.json';
import languagesEn from '../i18n/player/languages.en.json';
import languagesHe from '../i18n/player/languages.he.json';
import liveEn from '../i18n/player/live.en.json';
import liveHe from '../i18n/player/live.he.json';
import presenceEn from '../i18n/player/presence.en.json';
import presenceHe from '../i18n/player/presence.he.json';

const studioFiles = import.meta.glob<Record<string, unknown>>('../i18n/studio/*.json', { eager: true, import: 'default' });
/** The studio namespace of one language, merged as the app merges it. */
export function studioTexts(language: Language): Record<string, unknown> {
  return Object.assign({}, ...Object.entries(studioFiles).filter(([path]) => path.endsWith(`.${language}.json`)).map(([, texts]) => texts));
}

export type MissingKey = { language: string; key: string };

/**
 * An i18next instance for component tests on the real he/en files. Keys the code uses but the files
 * lack are collected in `missing`, so the test that rendered them can fail on it. Every namespace is
 * in from the start, except those in `loadedLater`: the app's own loader fetches them when the code
 * asks for them (a test of when a screen loads its texts).
 */
export async function createTestI18n(language: Language = 'he', { loadedLater = [] }: { loadedLater?: string[] } = {}): Promise<{ i18n: I18n; missing: MissingKey[] }> {
  const missing: MissingKey[] = [];
  const i18n = createInstance();
  const bundled = (texts: ResourceLanguage): ResourceLanguage => Object.fromEntries(Object.entries(texts).filter(([namespace]) => !loadedLater.includes(namespace)));
  if (loadedLater.length > 0) i18n.use(lazyTranslations);
  await i18n.use(initReactI18next).init({
    resources: {
      he: bundled({ translation: he, [STUDIO_NAMESPACE]: studioTexts('he'), [PRESENCE_NAMESPACE]: presenceHe, [LIVE_NAMESPACE]: liveHe, [LANGUAGES_NAMESPACE]: languagesHe, [TERMS_NAMESPACE]: termsHe, [AFFILIATES_NAMESPACE]: affiliatesHe, [OFFLINE_PACK_NAMESPACE]: offlinePackHe, [PURCHASES_NAMESPACE]: purchasesHe, [BUILDERS_NAMESPACE]: buildersHe, [ACCOUNT_NAMESPACE]: accountHe, [ACCESSIBILITY_NAMESPACE]: accessibilityHe }),
      en: bundled({ translation: en, [STUDIO_NAMESPACE]: studioTexts('en'), [PRESENCE_NAMESPACE]: presenceEn, [LIVE_NAMESPACE]: liveEn, [LANGUAGES_NAMESPACE]: languagesEn, [TERMS_NAMESPACE]: termsEn, [AFFILIATES_NAMESPACE]: affiliatesEn, [OFFLINE_PACK_NAMESPACE]: offlinePackEn, [PURCHASES_NAMESPACE]: purchasesEn, [BUILDERS_NAMESPACE]: buildersEn, [ACCOUNT_NAMESPACE]: accountEn, [ACCESSIBILITY_NAMESPACE]: accessibilityEn }),
    },
    partialBundledLanguages: loadedLater.length > 0,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key) => missing.push({ language: languages.join(','), key }),
  });
  return { i18n, missing };
}

/**
 * The texts a test reads, by key, in the language shown at the time (a game may show its own): the
 * studio's first, then the main file's (their keys never meet).
 */
export function textsOf(i18n: I18n) {
  return i18n.getFixedT(null, [STUDIO_NAMESPACE, PRESENCE_NAMESPACE, LIVE_NAMESPACE, LANGUAGES_NAMESPACE, TERMS_NAMESPACE, AFFILIATES_NAMESPACE, OFFLINE_PACK_NAMESPACE, PURCHASES_NAMESPACE, BUILDERS_NAMESPACE, ACCOUNT_NAMESPACE, 'translation']);
}
