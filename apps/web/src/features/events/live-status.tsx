import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveState } from './use-control-room.ts';

const DOT: Record<LiveState, string> = {
  connecting: 'var(--mantine-color-gray-5)',
  live: 'var(--mantine-color-teal-6)',
  offline: 'var(--mantine-color-orange-6)',
  refused: 'var(--mantine-color-red-7)',
};

/** Whether what the control room shows is live, said in words (the dot only repeats it). */
export function LiveStatus({ state }: { state: LiveState }) {
  const { t } = useTranslation('studio');
  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="live-status" data-state={state}>
      <span aria-hidden style={{ inlineSize: 10, blockSize: 10, borderRadius: '50%', background: DOT[state], flex: 'none' }} />
      <Text size="sm" c={state === 'refused' ? 'red.9' : undefined}>
        {t(`events.live.${state}`)}
      </Text>
    </Group>
  );
}
