import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { CancelPurchase } from '../../ui/purchases/cancel-purchase.tsx';
import { usePurchaseTexts } from '../../ui/texts/use-purchase-texts.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/**
 * `/purchases/{id}/cancel?token=…`, the receipt email's cancel link: the cancellation in one step with a
 * confirmation (the server checks the token, the 14 days and that no paid question was started).
 */
export function Component() {
  const { t } = usePurchaseTexts();
  const { purchaseId = '' } = useParams();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  usePageTitle(t('cancel.pageTitle'));
  return (
    <Container size={480} px="md" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('cancel.pageTitle')}
        </Title>
        <CancelPurchase purchaseId={purchaseId} {...(token && { token })} />
        <Anchor component={Link} to="/games" ta="center" size="sm">
          {t('paymentSuccess.toGames')}
        </Anchor>
      </Stack>
    </Container>
  );
}
