import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The account pages' texts (log in, sign up, the password pages, the profile, share links, payment
 * details): the `account` namespace, loaded with those pages only, so the game's first load does not
 * carry them (DESIGN.md section 7).
 */
export const ACCOUNT_NAMESPACE = 'account';

/** What the account pages read: their own texts first, then the app's common ones. */
export const ACCOUNT_TEXTS = [ACCOUNT_NAMESPACE, 'translation'] as const;

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./app/account.he.json'),
  en: () => import('./app/account.en.json'),
};

export const loadAccountTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
