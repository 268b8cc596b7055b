import { ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** The green check or the red X of an answer or a code: an icon with an accessible name, no text. */
export function ResultIcon({ ok, label, testId }: { ok: boolean; label: string; testId?: string }) {
  return (
    <ThemeIcon
      role="img"
      aria-label={label}
      data-testid={testId}
      data-result={ok ? 'right' : 'wrong'}
      color={ok ? 'teal' : 'red'}
      radius="xl"
      size={44}
      style={{ flex: 'none' }}
    >
      {ok ? <IconCheck size={28} stroke={3} aria-hidden /> : <IconX size={28} stroke={3} aria-hidden />}
    </ThemeIcon>
  );
}
