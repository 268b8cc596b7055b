import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_NAMESPACE } from '../../../i18n/live-translations.ts';
import { useNow } from '../../../ui/game/use-now.ts';
import { useAnnounceNew } from '../../../ui/announcer/announcer.tsx';

const minute = 60_000;
type TimeWarningLevel = 'one' | 'ten';

/** Which warning is due with `left` ms to play out of `total`: the last minute, the last 10 (when there were more than 10), or none. */
function dueWarning(left: number, total: number): TimeWarningLevel | null {
  if (left <= 0) return null;
  if (left <= minute) return 'one';
  return left <= 10 * minute && total > 10 * minute ? 'ten' : null;
}

/** The warning due now for a play that ends at `endsAt` (started at `startedAt`), checked every second while `active`. */
export function useDueWarning(active: boolean, endsAt: string, startedAt: string | null): TimeWarningLevel | null {
  const now = useNow(active);
  if (!active || !startedAt) return null;
  const end = Date.parse(endsAt);
  return Number.isFinite(end) ? dueWarning(end - now, end - Date.parse(startedAt)) : null;
}

/**
 * A warning that time runs out (10 minutes left, then 1), shown until read, wherever the team is.
 * What was read is held in memory only: after a reload a warning still due shows again. Screen readers are told it once as it appears, never the timer's every second.
 */
export function TimeWarning({ id, level, onRead }: { /** Which warning of which end: said once. */ id: string; level: TimeWarningLevel; onRead(): void }) {
  const { t } = useTranslation(LIVE_NAMESPACE);
  const text = t(level === 'one' ? 'player.event.timeWarning.one' : 'player.event.timeWarning.ten');
  // Said once by the app's live region, as the warning comes: the timer itself is never read out.
  useAnnounceNew([{ key: `time-warning:${id}`, text }], { politeness: 'assertive', sayFirst: true });
  const color = level === 'one' ? 'red' : 'orange';
  return (
    <Alert key={level} color={color} variant="light" icon={<IconHourglassLow aria-hidden />} role="region" aria-label={text} data-testid="time-warning" data-level={level}>
      <Stack gap="xs" align="flex-start">
        <Text fw={700}>{text}</Text>
        <Button size="xs" variant="light" color={color} onClick={onRead}>
          {t('player.event.timeWarning.dismiss')}
        </Button>
      </Stack>
    </Alert>
  );
}
