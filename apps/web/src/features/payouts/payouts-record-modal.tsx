import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';
import { ActionError, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { payoutsApi, payoutsKeys } from './api.ts';
import { shekelsText } from '@streethunt/shared';
import { money } from '../../ui/money.ts';
import { agorotFromShekels, monthName } from './payouts-format.ts';

/** What the dialog records: a payment of a user's month, or a correction of one ledger entry. */
export type PayoutTarget = {
  userId: string;
  name: string;
  period: string;
  /** Prefilled, in agorot: the balance for a payment, the entry's amount reversed for a correction. */
  amount: number;
  corrects?: { id: string; amount: number };
};

/**
 * 'Mark as paid' and 'Correct': the amount in shekels, the bank transfer's reference
 * and a note, recorded once; the ledger is never edited, so a mistake is another (correcting) entry.
 */
export function PayoutRecordModal({ target, onClose }: { target: PayoutTarget | null; onClose(): void }) {
  const { t } = useTranslation('studio');
  const title = target?.corrects ? t('adminPayouts.record.correctTitle') : t('adminPayouts.record.payTitle');
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('studio.close') }} data-testid="payout-modal">
      {target && <PayoutForm key={`${target.userId}:${target.corrects?.id ?? ''}`} target={target} onDone={onClose} />}
    </Modal>
  );
}

function PayoutForm({ target, onDone }: { target: PayoutTarget; onDone(): void }) {
  const { t, i18n } = useTranslation('studio');
  const { endOnUnauthorized } = useCreatorSession();
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState(shekelsText(target.amount));
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);

  const correcting = target.corrects !== undefined;
  const amount = agorotFromShekels(amountText);
  // Only a correction may take money back.
  const amountError = amount === null ? t('adminPayouts.record.amountInvalid') : !correcting && amount < 0 ? t('adminPayouts.record.amountNegative') : null;

  const record = useMutation({
    mutationFn: (agorot: number) =>
      payoutsApi.record({
        userId: target.userId,
        period: target.period,
        amount: agorot,
        reference: reference.trim(),
        note: note.trim(),
        ...(target.corrects ? { correctsId: target.corrects.id } : {}),
      }),
    onSuccess: async (entry) => {
      notify(t, 'teal', t('adminPayouts.record.done', { amount: money(entry.amount, i18n.language), name: target.name }));
      onDone();
      await queryClient.invalidateQueries({ queryKey: payoutsKeys.month(target.period) });
    },
    onError: endOnUnauthorized,
  });

  const submit = () => {
    setTried(true);
    if (amountError === null && amount !== null) record.mutate(amount);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text data-testid="payout-modal-who">
          <bdi>{target.name}</bdi> · {monthName(target.period, i18n.language)}
        </Text>
        {target.corrects && <Text size="sm">{t('adminPayouts.record.corrects', { amount: money(target.corrects.amount, i18n.language) })}</Text>}
        <TextInput
          label={t('adminPayouts.record.amount')}
          description={correcting ? t('adminPayouts.record.amountCorrectHint') : t('adminPayouts.record.amountPayHint')}
          value={amountText}
          onChange={(event) => setAmountText(event.currentTarget.value)}
          error={tried ? amountError : null}
          inputMode="decimal"
          dir="ltr"
          required
          data-autofocus
        />
        <TextInput
          label={t('adminPayouts.record.reference')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={100}
          dir="auto"
        />
        <Textarea label={t('adminPayouts.record.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={500} autosize minRows={2} dir="auto" />
        <Text size="sm">{t('adminPayouts.record.final')}</Text>
        {record.isError && <ActionError>{errorText(record.error, t)}</ActionError>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            {t('studio.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {correcting ? t('adminPayouts.record.correctYes') : t('adminPayouts.record.payYes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
