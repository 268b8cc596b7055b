import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The accessibility statement's texts (features/accessibility/statement-page.tsx): the `accessibility`
 * namespace, loaded by that page (ui/texts/use-accessibility-texts.ts), so no other page's first load carries them.
 */
export const ACCESSIBILITY_NAMESPACE = 'accessibility';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./pages/accessibility.he.json'),
  en: () => import('./pages/accessibility.en.json'),
};

export const loadAccessibilityTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
