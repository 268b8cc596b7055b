import { BUILDERS_NAMESPACE, loadBuildersTranslations } from '../../i18n/builders-translations.ts';
import { lazyTexts } from './lazy-texts.ts';

/** The builders page's texts in the page's language (their keys keep the `builders.` prefix); suspends until they are in. */
export const useBuildersTexts = lazyTexts(BUILDERS_NAMESPACE, loadBuildersTranslations, 'builders.title');
