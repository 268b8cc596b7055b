import i18next from 'i18next';
import { STUDIO_NAMESPACE } from '../i18n/studio-translations.ts';
import { withAllStyles } from '../ui/all-styles.ts';

/**
 * Resolves once i18next has started. The router matches the first address (and starts its lazy
 * route) as soon as it is created, before the app's i18next setup has run, and i18next ignores a
 * namespace asked for before it starts.
 */
function started(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      i18next.off('initialized', done);
      resolve();
    };
    i18next.on('initialized', done);
  });
}

/**
 * A studio or admin page: its code, every component's styles and the studio's texts (the `studio`
 * namespace, which players never load), all in before it shows. i18next keeps the namespace loaded
 * and fetches the other language's part on a language switch.
 */
export function studioRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return routeWithTexts(STUDIO_NAMESPACE, load);
}

/** A page whose texts are a namespace of their own: its code, every component's styles and those texts, all in before it shows. */
export function routeWithTexts<T>(namespace: string, load: () => Promise<T>): () => Promise<T> {
  const withStyles = withAllStyles(load);
  return () => Promise.all([withStyles(), started().then(() => i18next.loadNamespaces(namespace))]).then(([module]) => module);
}
