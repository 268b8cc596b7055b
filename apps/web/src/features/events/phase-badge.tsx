import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventPhase } from './event-phase.ts';

const COLORS: Record<EventPhase, string> = { upcoming: 'blue', live: 'teal', ended: 'gray' };
/** Mantine's darkest shades: readable (AA) on the light badges in both directions. */
const TEXT: Record<EventPhase, string> = {
  upcoming: 'var(--mantine-color-blue-9)',
  live: 'var(--mantine-color-teal-9)',
  ended: 'var(--mantine-color-gray-9)',
};

/** Whether an event has not started, is on, or has ended, in the organiser's words. */
export function PhaseBadge({ phase }: { phase: EventPhase }) {
  const { t } = useTranslation('studio');
  return (
    <Badge color={COLORS[phase]} variant="light" styles={{ root: { minWidth: 'max-content' }, label: { color: TEXT[phase] } }} data-phase={phase}>
      {t(`events.phase.${phase}`)}
    </Badge>
  );
}
