import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@streethunt/shared';
import { loadOfflinePackTranslations, OFFLINE_PACK_NAMESPACE } from '../../i18n/offline-pack-translations.ts';

const loading = new Map<Language, Promise<void>>();

/**
 * The `offlinePack` texts in the page's language, loaded here rather than by the app's i18next backend:
 * the backend's table is on every page's first load, and the game page has no bytes to spare.
 * Suspends until they are in.
 */
export function useOfflinePackTexts() {
  const { i18n } = useTranslation();
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'he';
  // A key of ours, not the bundle: a language switch may have had the backend file the main texts under our name.
  if (i18n.getResource(language, OFFLINE_PACK_NAMESPACE, 'listTitle') === undefined) {
    let promise = loading.get(language);
    if (!promise) {
      promise = loadOfflinePackTranslations(language)
        .then((texts) => void i18n.addResourceBundle(language, OFFLINE_PACK_NAMESPACE, texts, true, true))
        .finally(() => loading.delete(language));
      loading.set(language, promise);
    }
    use(promise);
  }
  return useTranslation(OFFLINE_PACK_NAMESPACE);
}
