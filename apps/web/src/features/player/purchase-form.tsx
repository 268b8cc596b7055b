import { Suspense, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paymentUrlRequestSchema, type PaymentUrlRequest } from '@streethunt/shared';
import { playerApi } from './api.ts';
import { GameLine } from '../../ui/game/game-line.tsx';
import { usePlay } from './play-context.tsx';
import { useFields, validateFields } from '../../ui/form-fields.ts';
import { purchaseIssueText } from './purchase-issue-text.ts';
import { CancelNote } from '../../ui/purchases/cancel-note.tsx';

type Field = 'fullName' | 'email' | 'phone';

/**
 * Buying a code for the game named with its price: full name, email and phone, then the secured payment
 * page (spec section 2). From a trial, its code goes along: the bought play is then the trial's, kept.
 */
export function PurchaseForm({ gameId, trialCode, onBack }: { gameId: string; trialCode?: string; onBack(): void }) {
  const { t } = useTranslation();
  const { game } = usePlay();
  const form = useFields<Field>({ fullName: '', email: '', phone: '' });

  const pay = useMutation({
    mutationFn: (body: PaymentUrlRequest) => playerApi.paymentUrl(gameId, body),
    onSuccess: (reply) => window.location.assign(reply.data.URL),
    onError: (error) => console.error('payment url failed', error),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFields(paymentUrlRequestSchema, { ...form.values, trialCode }, purchaseIssueText(t));
    if (!result.ok) {
      form.setErrors(result.errors);
      return;
    }
    pay.mutate(result.data);
  };

  const field = (name: Field) => ({ ...form.field(name), required: true, size: 'md' as const });

  return (
    <Stack gap="md" data-testid="purchase-form">
      <Title order={1}>{t('player.purchase.title')}</Title>
      <GameLine metadata={game.metadata} />
      <form onSubmit={submit} noValidate aria-label={t('player.purchase.title')}>
        <Stack gap="sm">
          <TextInput label={t('player.purchase.fullName')} autoComplete="name" dir="auto" {...field('fullName')} />
          <TextInput label={t('player.purchase.email')} type="email" autoComplete="email" dir="ltr" {...field('email')} />
          <TextInput label={t('player.purchase.phone')} type="tel" autoComplete="tel" dir="ltr" {...field('phone')} />
          <Alert color="blue" variant="light">
            {t('player.purchase.checkDetails')}
          </Alert>
          <Suspense fallback={null}>
            <CancelNote />
          </Suspense>
          {pay.isError && <Alert color="red">{t('player.purchase.failed')}</Alert>}
          <Button type="submit" size="lg" fullWidth loading={pay.isPending || pay.isSuccess}>
            {t('player.purchase.toPayment')}
          </Button>
        </Stack>
      </form>
      <Button variant="default" size="md" onClick={onBack}>
        {t('player.purchase.backToGame')}
      </Button>
    </Stack>
  );
}
