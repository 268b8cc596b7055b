import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DirectionalIcon } from '../../ui/directional-icon.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { usePlay } from './play-context.tsx';

/** Skip: after a confirmation the question moves to SOLUTION and the server reveals the answer. */
export function SkipControl({ index }: { index: number }) {
  const { t } = useTranslation();
  const { session } = usePlay();
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
        onConfirm={() => session.change({ action: 'set-question-status', questionIndex: index, questionStatus: 'SOLUTION' })}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
