import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of a game's language switch that no first screen shows (a translation not ready, a switch
 * that failed, the switch under way): the `languages` namespace, loaded once a game offers two
 * languages, so a game's first load does not carry them (DESIGN.md section 7). The few texts the
 * first screen shows (the languages' names, the choice's label) are in the main files.
 */
export const LANGUAGES_NAMESPACE = 'languages';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./player/languages.he.json'),
  en: () => import('./player/languages.en.json'),
};

export const loadLanguagesTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
