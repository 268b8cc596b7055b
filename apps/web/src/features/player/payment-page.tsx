import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllStyles } from '../../ui/all-styles.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePlay } from './play-context.tsx';
import { CodeEntry } from './code-entry.tsx';

// Few players buy here (most come with a code), so the form and its checks load when asked for.
const PurchaseForm = lazy(withAllStyles(() => import('./purchase-form.tsx').then((m) => ({ default: m.PurchaseForm }))));

/** Payment (spec section 2): the code entry, or the purchase sub-screen. Nothing without a game id. */
export function PaymentPage() {
  const { t } = useTranslation();
  const { game } = usePlay();
  const [purchasing, setPurchasing] = useState(false);
  if (!game._id) return null;
  return purchasing ? (
    <Suspense fallback={<PageLoader label={t('player.common.loading')} />}>
      <PurchaseForm gameId={game._id} onBack={() => setPurchasing(false)} />
    </Suspense>
  ) : (
    <CodeEntry onPurchase={() => setPurchasing(true)} />
  );
}
