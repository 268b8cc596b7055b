import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of 'Save for offline' (features/player/offline-pack): the `offlinePack` namespace, loaded when the
 * player opens it, so the game's first load does not carry them (DESIGN.md sections 7 and 14).
 */
export const OFFLINE_PACK_NAMESPACE = 'offlinePack';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./player/offline-pack.he.json'),
  en: () => import('./player/offline-pack.en.json'),
};

export const loadOfflinePackTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
