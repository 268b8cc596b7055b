import { useState } from 'react';
import { usePlay } from './play-context.tsx';
import { CodeEntry } from './code-entry.tsx';
import { PurchaseForm } from './purchase-form.tsx';

/** Payment (spec section 2): the code entry, or the purchase sub-screen. Nothing without a game id. */
export function PaymentPage() {
  const { game } = usePlay();
  const [purchasing, setPurchasing] = useState(false);
  if (!game._id) return null;
  return purchasing ? (
    <PurchaseForm gameId={game._id} onBack={() => setPurchasing(false)} />
  ) : (
    <CodeEntry onPurchase={() => setPurchasing(true)} />
  );
}
