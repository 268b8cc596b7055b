import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of a play's live news (an event's time warnings and changed final ranking, the verdicts on
 * the team's photos, a photo taken again): the `live` namespace, loaded with the screens that show them
 * only, so the game's first load does not carry them (DESIGN.md section 7).
 */
export const LIVE_NAMESPACE = 'live';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./player/live.he.json'),
  en: () => import('./player/live.en.json'),
};

export const loadLiveTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
