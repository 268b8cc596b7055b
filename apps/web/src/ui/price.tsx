import { useTranslation } from 'react-i18next';
import { formatPrice } from '@streethunt/shared';

/**
 * A game's price as the spec shows it (section 9): ILS with the shekel sign before the amount, USD with
 * the dollar sign after, empty or zero as the translated word for free. The amount is wrapped in
 * dir="ltr" (an isolated run) so that '₪45' keeps its order inside right-to-left text.
 */
export function Price({ price, currencyCode }: { price: string | number | null | undefined; currencyCode: string | null | undefined }) {
  const { t } = useTranslation();
  const display = formatPrice(price, currencyCode);
  if (display.kind === 'free') return <span data-testid="price">{t('price.free')}</span>;
  return (
    <span data-testid="price" dir="ltr">
      {display.text}
    </span>
  );
}
