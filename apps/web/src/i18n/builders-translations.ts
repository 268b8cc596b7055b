import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of the page for game builders (features/pages/builders-*): the `builders` namespace, loaded
 * by that page (ui/texts/use-builders-texts.ts), so no other page's first load carries them.
 */
export const BUILDERS_NAMESPACE = 'builders';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./pages/builders.he.json'),
  en: () => import('./pages/builders.en.json'),
};

export const loadBuildersTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
