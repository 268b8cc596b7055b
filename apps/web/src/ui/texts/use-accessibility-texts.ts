import { ACCESSIBILITY_NAMESPACE, loadAccessibilityTranslations } from '../../i18n/accessibility-translations.ts';
import { lazyTexts } from './lazy-texts.ts';

/** The accessibility statement's texts in the page's language (keys keep the `accessibility.` prefix); suspends until they are in. */
export const useAccessibilityTexts = lazyTexts(ACCESSIBILITY_NAMESPACE, loadAccessibilityTranslations, 'accessibility.title');
