import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';
import { ToolModal } from './tool-modal.tsx';

// Loaded when first opened: most editing sessions never try the paths.
const FlowSimulator = lazy(() => import('./flow-simulator.tsx').then((module) => ({ default: module.FlowSimulator })));

/** The path simulator over the working copy, in a dialog (full screen on a phone). */
export function FlowSimulatorModal({ opened, game, onClose }: { opened: boolean; game: EditableGame; onClose(): void }) {
  const { t } = useTranslation('studio');
  return (
    <ToolModal opened={opened} onClose={onClose} title={t('editor.flowSim.title')} loadingLabel={t('editor.flowSim.loading')} size="lg" testId="flow-sim-modal">
      <FlowSimulator game={game} />
    </ToolModal>
  );
}
