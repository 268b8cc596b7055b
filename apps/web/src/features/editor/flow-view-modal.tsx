import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';

// React Flow comes with this chunk only: the player and most editing sessions never load it.
const FlowView = lazy(() => import('./flow-view.tsx').then((module) => ({ default: module.FlowView })));

/** The game's flow as a graph, in a dialog (full screen on a phone); a question's box opens it in the editor. */
export function FlowViewModal({ opened, game, onClose, onSelect }: { opened: boolean; game: EditableGame; onClose(): void; onSelect(index: number): void }) {
  const { t } = useTranslation('studio');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editor.flowView.title')}
      size="xl"
      fullScreen={typeof window !== 'undefined' && window.matchMedia?.('(max-width: 36em)').matches}
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      data-testid="flow-view-modal"
    >
      <Suspense
        fallback={
          <Center mih={120}>
            <Loader role="status" aria-label={t('editor.flowView.loading')} />
          </Center>
        }
      >
        {opened && <FlowView game={game} onSelect={onSelect} />}
      </Suspense>
    </Modal>
  );
}
