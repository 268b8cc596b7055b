import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n, ResourceKey } from 'i18next';
import { LANGUAGES, type Language } from '@streethunt/shared';

/**
 * A namespace of texts a few screens show, loaded by those screens rather than by the app's i18next
 * backend: the backend's table is on every page's first load, and the game page has no bytes to spare.
 * `probeKey` is a key of the namespace's own: a language switch may have had the backend file the main
 * texts under its name, so the bundle being there says nothing.
 *
 * The hook suspends until the texts are in. It calls `use` on every render, never only while loading:
 * React replays a component whose promise settled with the hooks of its first try, and one that skipped
 * `use` on the replay would call more hooks than it had, which React reports as an error.
 */
export function lazyTexts(namespace: string, load: (language: Language) => Promise<ResourceKey>, probeKey: string) {
  const loads = new Map<Language, Promise<void>>();
  const loaded = new WeakSet<Promise<void>>();
  const textsIn = (i18n: I18n, language: Language) => i18n.getResource(language, namespace, probeKey) !== undefined;

  /** One promise per language, kept once settled, so every render of every caller reads the same one. */
  function textsLoaded(i18n: I18n, language: Language): Promise<void> {
    const kept = loads.get(language);
    if (kept && (!loaded.has(kept) || textsIn(i18n, language))) return kept;
    let promise: Promise<void>;
    if (textsIn(i18n, language)) {
      // Settled as React's `use` reads a settled promise, so it does not suspend for texts already in.
      promise = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
      loaded.add(promise);
    } else {
      promise = load(language).then((texts) => {
        i18n.addResourceBundle(language, namespace, texts, true, true);
        loaded.add(promise);
      });
      // A failed load (offline with no worker to serve the file) is tried again by a later render.
      promise.catch(() => loads.get(language) === promise && loads.delete(language));
    }
    loads.set(language, promise);
    return promise;
  }

  return function useLazyTexts() {
    const { i18n } = useTranslation();
    const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'he';
    use(textsLoaded(i18n, language));
    return useTranslation(namespace);
  };
}
