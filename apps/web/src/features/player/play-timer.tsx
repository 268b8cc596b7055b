import { Text } from '@mantine/core';
import { IconClock, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { elapsedMs, formatElapsed } from '../../ui/game/time.ts';
import { useNow } from '../../ui/game/use-now.ts';

/**
 * The live timer: time since the play started, ticking every second until it ends; with an end to
 * play by (`endsAt`: a live event's, or the team's own time), the time left instead, down to 0:00:00.
 */
export function PlayTimer({ startTime, endTime, endsAt = null }: { startTime: string | null; endTime: string | null; endsAt?: string | null }) {
  const { t } = useTranslation();
  const now = useNow(Boolean(startTime) && !endTime);
  const left = endsAt !== null && !endTime && Number.isFinite(Date.parse(endsAt));
  const text = formatElapsed(left ? Date.parse(endsAt) - now : elapsedMs(startTime, endTime, now));
  const Icon = left ? IconHourglass : IconClock;
  return (
    <Text component="span" fw={600} dir="ltr" style={{ fontVariantNumeric: 'tabular-nums', display: 'inline-flex', gap: 4, alignItems: 'center' }}>
      <Icon size={18} aria-hidden />
      <span role="timer" aria-label={t(left ? 'player.timer.left' : 'player.timer.label', { time: text })} data-testid="timer" data-mode={left ? 'left' : 'played'}>
        {text}
      </span>
    </Text>
  );
}
