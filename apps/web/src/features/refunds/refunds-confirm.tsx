import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminPurchase } from '@streethunt/shared';
import { errorText } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { refundsApi, refundsKeys } from './api.ts';
import { money } from '../../ui/money.ts';

/**
 * 'Are you sure?' before a refund: the amount back, the amount kept, and that the code stops working and
 * the buyer is emailed. The server decides; a refusal (409) is shown here.
 */
export function RefundConfirm({ purchase, onClose }: { purchase: AdminPurchase | null; onClose(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Modal opened={purchase !== null} onClose={onClose} title={t('adminPayouts.refunds.confirm.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }} data-testid="refund-confirm">
      {purchase?.refund.ok && <RefundBody key={purchase._id} purchase={purchase} refund={purchase.refund.refund} kept={purchase.refund.kept} onDone={onClose} />}
    </Modal>
  );
}

function RefundBody({ purchase, refund, kept, onDone }: { purchase: AdminPurchase; refund: number; kept: number; onDone(): void }) {
  const { t, i18n } = useTranslation('studio');
  const { endOnUnauthorized } = useCreatorSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => refundsApi.refund(purchase._id),
    onSuccess: async (done) => {
      notify(t, 'teal', t('adminPayouts.refunds.done', { amount: money(done.refundAmount ?? refund, i18n.language), buyer: done.fullName }));
      onDone();
      await queryClient.invalidateQueries({ queryKey: refundsKeys.all });
    },
    onError: endOnUnauthorized,
  });
  return (
    <Stack gap="md">
      <Text>
        <bdi>{purchase.fullName}</bdi> · <bdi>{purchase.gameName}</bdi>
      </Text>
      <Text data-testid="refund-back">{t('adminPayouts.refunds.confirm.back', { amount: money(refund, i18n.language) })}</Text>
      <Text data-testid="refund-kept">{t('adminPayouts.refunds.confirm.kept', { amount: money(kept, i18n.language) })}</Text>
      <Text fw={600}>{t('adminPayouts.refunds.confirm.effect')}</Text>
      {mutation.isError && <ActionError>{errorText(mutation.error, t)}</ActionError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
          {t('studio.cancel')}
        </Button>
        <Button color="red" onClick={() => mutation.mutate()} loading={mutation.isPending}>
          {t('adminPayouts.refunds.confirm.yes')}
        </Button>
      </Group>
    </Stack>
  );
}
