import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DirectionalIcon } from '../directional-icon.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

/** Skip: after a confirmation the player's `onSkip` moves the question to SOLUTION (the server reveals the answer). */
export function SkipControl({ onSkip }: { onSkip(): void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="default" size="md" leftSection={<DirectionalIcon icon={IconPlayerSkipForward} size={18} aria-hidden />} onClick={() => setAsking(true)}>
        {t('player.skip.button')}
      </Button>
      <ConfirmModal
        opened={asking}
        title={t('player.skip.title')}
        text={t('player.skip.confirm')}
        confirmLabel={t('player.skip.confirmYes')}
        onConfirm={onSkip}
        onClose={() => setAsking(false)}
        // The answer shown in place of the question's controls: read next.
        focusAfter='[data-testid="solution"]'
      />
    </>
  );
}
