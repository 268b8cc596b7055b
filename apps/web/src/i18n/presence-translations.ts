import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of the spot-code step (player/presence-proof.tsx): the `presence` namespace, loaded with
 * that step only, so the game's first load does not carry them (DESIGN.md section 7).
 */
export const PRESENCE_NAMESPACE = 'presence';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./player/presence.he.json'),
  en: () => import('./player/presence.en.json'),
};

export const loadPresenceTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
