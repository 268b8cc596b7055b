import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';

// Loaded when first opened: most editing sessions never try the paths.
const FlowSimulator = lazy(() => import('./flow-simulator.tsx').then((module) => ({ default: module.FlowSimulator })));

/** The path simulator over the working copy, in a dialog (full screen on a phone). */
export function FlowSimulatorModal({ opened, game, onClose }: { opened: boolean; game: EditableGame; onClose(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editor.flowSim.title')}
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.matchMedia?.('(max-width: 36em)').matches}
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      data-testid="flow-sim-modal"
    >
      <Suspense
        fallback={
          <Center mih={120}>
            <Loader role="status" aria-label={t('editor.flowSim.loading')} />
          </Center>
        }
      >
        {opened && <FlowSimulator game={game} />}
      </Suspense>
    </Modal>
  );
}
