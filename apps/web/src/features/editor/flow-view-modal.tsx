import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';
import { ToolModal } from './tool-modal.tsx';

// React Flow comes with this chunk only: the player and most editing sessions never load it.
const FlowView = lazy(() => import('./flow-view.tsx').then((module) => ({ default: module.FlowView })));

/** The game's flow as a graph, in a dialog (full screen on a phone); a question's box opens it in the editor. */
export function FlowViewModal({ opened, game, onClose, onSelect }: { opened: boolean; game: EditableGame; onClose(): void; onSelect(index: number): void }) {
  const { t } = useTranslation('studio');
  return (
    <ToolModal opened={opened} onClose={onClose} title={t('editor.flowView.title')} loadingLabel={t('editor.flowView.loading')} size="xl" testId="flow-view-modal">
      <FlowView game={game} onSelect={onSelect} />
    </ToolModal>
  );
}
