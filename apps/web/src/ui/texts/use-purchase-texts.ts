import { loadPurchasesTranslations, PURCHASES_NAMESPACE } from '../../i18n/purchases-translations.ts';
import { lazyTexts } from './lazy-texts.ts';

/** The `purchases` texts in the page's language (trial, cancellation); suspends until they are in. */
export const usePurchaseTexts = lazyTexts(PURCHASES_NAMESPACE, loadPurchasesTranslations, 'cancelNote');
