import { Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { elapsedMs, formatElapsed } from '../../ui/game/time.ts';
import { useNow } from '../../ui/game/use-now.ts';

/** The live timer: time since the play started, ticking every second until it ends. */
export function PlayTimer({ startTime, endTime }: { startTime: string | null; endTime: string | null }) {
  const { t } = useTranslation();
  const now = useNow(Boolean(startTime) && !endTime);
  const text = formatElapsed(elapsedMs(startTime, endTime, now));
  return (
    <Text component="span" fw={600} dir="ltr" style={{ fontVariantNumeric: 'tabular-nums', display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      <IconClock size={18} aria-hidden />
      <span role="timer" aria-label={t('player.timer.label', { time: text })} data-testid="timer">
        {text}
      </span>
    </Text>
  );
}
