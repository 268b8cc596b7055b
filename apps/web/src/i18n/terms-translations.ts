import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The terms of use (features/pages/terms-page.tsx): the `terms` namespace, loaded with that page only.
 * They are the longest text of the site, and every first load carried them (DESIGN.md section 7).
 */
export const TERMS_NAMESPACE = 'terms';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./pages/terms.he.json'),
  en: () => import('./pages/terms.en.json'),
};

export const loadTermsTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
