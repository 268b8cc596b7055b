import type { BackendModule, ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';
import { loadStudioTranslations, STUDIO_NAMESPACE } from './studio-translations.ts';
import { loadPresenceTranslations, PRESENCE_NAMESPACE } from './presence-translations.ts';
import { LIVE_NAMESPACE, loadLiveTranslations } from './live-translations.ts';
import { LANGUAGES_NAMESPACE, loadLanguagesTranslations } from './languages-translations.ts';
import { loadTermsTranslations, TERMS_NAMESPACE } from './terms-translations.ts';
import { AFFILIATES_NAMESPACE, loadAffiliatesTranslations } from './affiliates-translations.ts';
import { ACCOUNT_NAMESPACE, loadAccountTranslations } from './account-translations.ts';

/** One chunk per language, so a page loads only the active language's texts (DESIGN.md section 7). */
const translationLoaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./he.json'),
  en: () => import('./en.json'),
};

/** The namespaces that load apart from the main texts, each with the screens that show them. */
const namespaceLoaders: Partial<Record<string, (language: Language) => Promise<ResourceKey>>> = {
  [STUDIO_NAMESPACE]: loadStudioTranslations,
  [PRESENCE_NAMESPACE]: loadPresenceTranslations,
  [LIVE_NAMESPACE]: loadLiveTranslations,
  [LANGUAGES_NAMESPACE]: loadLanguagesTranslations,
  [TERMS_NAMESPACE]: loadTermsTranslations,
  [AFFILIATES_NAMESPACE]: loadAffiliatesTranslations,
  [ACCOUNT_NAMESPACE]: loadAccountTranslations,
};

/**
 * An i18next backend over those chunks (and the studio's namespace, studio-translations.ts): `changeLanguage` fetches the other language on the first
 * switch and waits for it. A failed fetch (a weak signal) is retried by i18next a few times.
 */
export const lazyTranslations: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = translationLoaders[language as Language] as (() => Promise<{ default: ResourceKey }>) | undefined;
    if (!load) {
      callback(new Error(`no translations for ${language}`), false);
      return;
    }
    const loadNamespace = namespaceLoaders[namespace];
    const texts = loadNamespace ? loadNamespace(language as Language) : load().then((module) => module.default);
    texts.then(
      (resources) => callback(null, resources),
      // `true` asks i18next to try again.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
