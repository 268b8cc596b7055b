import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_NAMESPACE } from '../../../i18n/live-translations.ts';
import { useNow } from '../../../ui/game/use-now.ts';

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
 * What was read is held in memory only: after a reload a warning still due shows again. Screen readers announce it as it appears (role alert), not every second as
 * the timer would.
 */
export function TimeWarning({ level, onRead }: { level: TimeWarningLevel; onRead(): void }) {
  const { t } = useTranslation(LIVE_NAMESPACE);
  const color = level === 'one' ? 'red' : 'orange';
  return (
    <Alert key={level} color={color} variant="light" icon={<IconHourglassLow aria-hidden />} role="alert" data-testid="time-warning" data-level={level}>
      <Stack gap="xs" align="flex-start">
        <Text fw={700}>{t(level === 'one' ? 'player.event.timeWarning.one' : 'player.event.timeWarning.ten')}</Text>
        <Button size="xs" variant="light" color={color} onClick={onRead}>
          {t('player.event.timeWarning.dismiss')}
        </Button>
      </Stack>
    </Alert>
  );
}
