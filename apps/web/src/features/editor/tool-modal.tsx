import { Suspense, type ReactNode } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { opened: boolean; onClose(): void; title: string; loadingLabel: string; size: 'lg' | 'xl'; testId: string; children: ReactNode };

/**
 * An editor tool in a dialog, full screen on a phone, whose content loads when first opened (the
 * flow view, the path simulator): a loader says so meanwhile.
 */
export function ToolModal({ opened, onClose, title, loadingLabel, size, testId, children }: Props) {
  const { t } = useTranslation('studio');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={typeof window !== 'undefined' && window.matchMedia?.('(max-width: 36em)').matches}
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      data-testid={testId}
    >
      <Suspense
        fallback={
          <Center mih={120}>
            <Loader role="status" aria-label={loadingLabel} />
          </Center>
        }
      >
        {opened && children}
      </Suspense>
    </Modal>
  );
}
