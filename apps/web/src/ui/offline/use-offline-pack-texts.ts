import { loadOfflinePackTranslations, OFFLINE_PACK_NAMESPACE } from '../../i18n/offline-pack-translations.ts';
import { lazyTexts } from '../texts/lazy-texts.ts';

/** The `offlinePack` texts in the page's language (features/player/offline-pack, the offline games list); suspends until they are in. */
export const useOfflinePackTexts = lazyTexts(OFFLINE_PACK_NAMESPACE, loadOfflinePackTranslations, 'listTitle');
