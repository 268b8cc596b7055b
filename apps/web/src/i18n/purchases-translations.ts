import type { ResourceKey } from 'i18next';
import type { Language } from '@streethunt/shared';

/**
 * The texts of buying with a trial and of cancelling a purchase (the purchase form's note, the trial's
 * locked question, the cancellation on the payment page, the receipt's link and the account): the
 * `purchases` namespace, loaded by the screens that show it (ui/texts/use-purchase-texts.ts), so the
 * game's first load does not carry them (DESIGN.md section 7).
 */
export const PURCHASES_NAMESPACE = 'purchases';

const files: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  he: () => import('./player/purchases.he.json'),
  en: () => import('./player/purchases.en.json'),
};

export const loadPurchasesTranslations = (language: Language): Promise<ResourceKey> => files[language]().then((module) => module.default);
