import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REVIEW_REASON_MAX, REVIEW_REASON_MIN } from '@streethunt/shared';
import { ActionError } from '../../ui/studio/studio-page.tsx';
import { useAdminGameName, type ReviewTarget } from './use-review-actions.ts';

type Props = {
  /** The game and decision the dialog is open for; null closes it. */
  target: ReviewTarget | null;
  submitting: boolean;
  /** What the server said about the last try (e.g. 409, not pending any more). */
  error: string | null;
  onSubmit(reason: string): void;
  onClose(): void;
};

/**
 * Asks why a game goes back to its creator or off the list: the reason is emailed to the
 * creator and shown in the editor, so it must say something (REVIEW_REASON_MIN..MAX characters).
 */
export function ReviewReasonModal({ target, submitting, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation('studio');
  // The last target stays shown while the dialog closes.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const kind = (target ?? shown)?.kind ?? 'sendBack';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(`adminGames.review.${kind}Title`)}
      centered
      closeButtonProps={{ 'aria-label': t('studio.close') }}
    >
      {shown && (
        <ReviewForm
          key={`${shown.kind}:${shown.game._id}`}
          target={shown}
          submitting={submitting}
          error={error}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function ReviewForm({ target, submitting, error, onSubmit, onCancel }: { target: ReviewTarget } & Omit<Props, 'target' | 'onClose'> & { onCancel(): void }) {
  const { t } = useTranslation('studio');
  const nameOf = useAdminGameName();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server trims too; a reason of spaces says nothing.
    const trimmed = reason.trim();
    if (trimmed.length < REVIEW_REASON_MIN) {
      setTooShort(true);
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="review-form">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('adminGames.review.game')}
          </Text>
          <Text fw={700} dir="auto" data-testid="review-game-name">
            {nameOf(target.game)}
          </Text>
        </Stack>
        <Text size="sm">{t(`adminGames.review.${target.kind}Explain`)}</Text>
        <Textarea
          label={t('adminGames.review.reason')}
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={REVIEW_REASON_MAX}
          dir="auto"
          data-autofocus
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setTooShort(false);
          }}
          description={t('adminGames.review.count', { count: reason.length, max: REVIEW_REASON_MAX })}
          error={tooShort ? t('adminGames.review.tooShort', { min: REVIEW_REASON_MIN }) : undefined}
        />
        {error && <ActionError>{error}</ActionError>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('studio.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t(`adminGames.review.${target.kind}Confirm`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
