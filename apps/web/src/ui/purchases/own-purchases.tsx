import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ownPurchasesReplySchema } from '@streethunt/shared';
import { apiRequest } from '../../api/client.ts';
import { money } from '../money.ts';
import { usePurchaseTexts } from '../texts/use-purchase-texts.ts';
import { CancelPurchase } from './cancel-purchase.tsx';

/**
 * The signed-in buyer's purchases on their account page (GET /api/account/purchases), newest first: the
 * game, when and how much, the code, and the cancellation for one still within its 14 days and unused
 * (DESIGN.md section 15).
 */
export function OwnPurchases({ userId }: { userId: string }) {
  const { t, i18n } = usePurchaseTexts();
  const list = useQuery({
    queryKey: ['account', 'purchases', userId],
    queryFn: ({ signal }) => apiRequest('/api/account/purchases', { schema: ownPurchasesReplySchema, signal }),
  });
  // Cancelled here: the item keeps its cancellation's answer (the refund) in place of reading the list again.
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  let body;
  if (list.isPending) {
    // One line, as the empty list's: the page does not shrink under a finger when the list comes.
    body = (
      <Text c="dimmed" role="status">
        {t('mine.loading')}
      </Text>
    );
  } else if (list.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Alert color="red" variant="light" w="100%">
          {t('mine.loadError')}
        </Alert>
        <Button variant="light" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('mine.retry')}
        </Button>
      </Stack>
    );
  } else if (list.data.data.length === 0) {
    body = <Text c="dimmed">{t('mine.empty')}</Text>;
  } else {
    body = (
      <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.data.data.map((purchase) => (
          <Stack key={purchase._id} gap={6} component="li" data-testid="own-purchase">
            <Text fw={700} dir="auto">
              {purchase.gameName}
            </Text>
            <Text size="sm">
              {purchase.paidAt ? t('mine.paid', { date: date(purchase.paidAt), amount: money(purchase.amount, i18n.language) }) : money(purchase.amount, i18n.language)}
            </Text>
            {purchase.code && (
              <Text size="sm">
                {t('mine.code')}{' '}
                <Text span ff="monospace" fw={700} dir="ltr">
                  {purchase.code}
                </Text>
              </Text>
            )}
            {purchase.status === 'refunded' && !cancelled.has(purchase._id) && (
              <Text size="sm" c="dimmed">
                {t('mine.refunded', { amount: money(purchase.refundAmount ?? purchase.amount, i18n.language) })}
              </Text>
            )}
            {(purchase.cancellable || cancelled.has(purchase._id)) && purchase.cancelBefore && (
              <CancelPurchase
                purchaseId={purchase._id}
                cancelBefore={purchase.cancelBefore}
                {...(purchase.code ? { code: purchase.code } : { event: true })}
                onCancelled={() => setCancelled((before) => new Set(before).add(purchase._id))}
              />
            )}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="own-purchases-title" data-testid="own-purchases">
      <Stack gap="sm">
        <Title order={2} size="h4" id="own-purchases-title">
          {t('mine.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
