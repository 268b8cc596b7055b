import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePurchaseTexts } from '../texts/use-purchase-texts.ts';

/** Before paying: the buyer may cancel within 14 days while no paid question was started (the terms' cancellation section). */
export function CancelNote() {
  const { t } = usePurchaseTexts();
  return (
    <Text size="sm" data-testid="cancel-note">
      {t('cancelNote')}{' '}
      <Anchor component={Link} to="/terms#terms-cancellations" size="sm">
        {t('cancelTerms')}
      </Anchor>
    </Text>
  );
}
