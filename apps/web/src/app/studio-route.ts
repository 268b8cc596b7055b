import i18next from 'i18next';
import { STUDIO_NAMESPACE } from '../i18n/studio-translations.ts';
import { withAllStyles } from '../ui/all-styles.ts';

/**
 * A studio or admin page: its code, every component's styles and the studio's texts (the `studio`
 * namespace, which players never load), all in before it shows. i18next keeps the namespace loaded
 * and fetches the other language's part on a language switch.
 */
export function studioRoute<T>(load: () => Promise<T>): () => Promise<T> {
  const withStyles = withAllStyles(load);
  return () => Promise.all([withStyles(), i18next.loadNamespaces(STUDIO_NAMESPACE)]).then(([module]) => module);
}
