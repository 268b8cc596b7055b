import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { cancelPurchaseReplySchema, type CancelPurchaseReply } from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../api/client.ts';
import { ConfirmModal } from '../game/confirm-modal.tsx';
import { money } from '../money.ts';
import { usePurchaseTexts } from '../texts/use-purchase-texts.ts';

export type CancelledPurchase = CancelPurchaseReply['data'];

/** POST /api/purchases/{id}/cancel: as the signed-in buyer, or with the payment page's or the receipt link's token. */
function cancelPurchase(purchaseId: string, token: string | undefined): Promise<CancelPurchaseReply> {
  const body: { token?: string } = token ? { token } : {};
  return apiRequest(`/api/purchases/${encodeURIComponent(purchaseId)}/cancel`, { method: 'POST', body, schema: cancelPurchaseReplySchema });
}

/** Why the server refused, as the buyer reads it; `final` when trying again cannot help. */
function refusal(error: unknown): { key: string; final: boolean } {
  if (error instanceof NetworkError) return { key: 'cancel.network', final: false };
  if (error instanceof ApiError) {
    if (error.code === 'too_late') return { key: 'cancel.tooLate', final: true };
    if (error.code === 'code_used') return { key: 'cancel.used', final: true };
    if (error.code === 'already_refunded') return { key: 'cancel.already', final: true };
    if (error.status === 401 || error.status === 403 || error.status === 404) return { key: 'cancel.notYours', final: true };
  }
  return { key: 'cancel.failed', final: false };
}

/**
 * The buyer's cancellation of a distance sale (DESIGN.md section 15): until when it is open, one button,
 * a confirmation naming what stops, then the refund as the server reports it. A refusal changes nothing
 * and says why; a network error or a server failure may be tried again.
 */
export function CancelPurchase({
  purchaseId,
  token,
  cancelBefore,
  code,
  event = false,
  onCancelled,
}: {
  purchaseId: string;
  token?: string;
  /** ISO time: the end of the 14 days; absent where the page does not know it (the receipt's link): the rule is said instead. */
  cancelBefore?: string;
  /** The game's code that stops, when the page knows it. */
  code?: string;
  /** An event bought for many teams: its teams' codes stop. */
  event?: boolean;
  onCancelled?(purchase: CancelledPurchase): void;
}) {
  const { t, i18n } = usePurchaseTexts();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({ mutationFn: () => cancelPurchase(purchaseId, token), onSuccess: (reply) => onCancelled?.(reply.data) });
  const intro = cancelBefore
    ? t('cancel.intro', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(cancelBefore)) })
    : t('cancelNote');

  if (cancel.isSuccess) {
    const { refundAmount, refundState } = cancel.data.data;
    // Taken by the provider (sent or done): on its way. Otherwise it is retried until the provider takes it.
    const taken = refundState === 'done' || refundState === 'sent';
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="purchase-cancelled">
        {t(taken ? 'cancel.done' : 'cancel.pending', { amount: money(refundAmount, i18n.language) })}
      </Alert>
    );
  }

  const refused = cancel.isError ? refusal(cancel.error) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cancel-purchase-title" data-testid="cancel-purchase">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cancel-purchase-title">
          {t('cancel.title')}
        </Title>
        {!refused?.final && <Text size="sm">{intro}</Text>}
        {refused && (
          <Alert color={refused.final ? 'gray' : 'red'} variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="cancel-refused">
            {t(refused.key)}
          </Alert>
        )}
        {!refused?.final && (
          <Button variant="light" color="red" onClick={() => setConfirming(true)} loading={cancel.isPending} data-testid="cancel-purchase-button">
            {t('cancel.button')}
          </Button>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('cancel.confirmTitle')}
        text={code ? t('cancel.confirmText', { code }) : t(event ? 'cancel.confirmTextEvent' : 'cancel.confirmTextAny')}
        confirmLabel={t('cancel.confirmYes')}
        cancelLabel={t('cancel.confirmNo')}
        color="red"
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
