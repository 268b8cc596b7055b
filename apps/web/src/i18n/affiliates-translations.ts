import type { ResourceKey } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@streethunt/shared';

/**
 * The affiliates' pages (features/affiliates): the `affiliates` namespace, loaded with those pages only,
 * so a player's first load does not carry them (DESIGN.md section 7).
 */
export const AFFILIATES_NAMESPACE = 'affiliates';

/** The texts of an affiliates page: its own namespace first, then the main texts. */
export const useAffiliatesTranslation = () => useTranslation([AFFILIATES_NAMESPACE, 'translation'], { nsMode: 'fallback' });

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./pages/affiliates.he.json'),
  en: () => import('./pages/affiliates.en.json'),
};

export const loadAffiliatesTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
