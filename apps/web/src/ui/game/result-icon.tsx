import { ThemeIcon, VisuallyHidden } from '@mantine/core';
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

/**
 * The same result in words for screen readers: a polite live region that is always in the page (a
 * region added together with its text is often not read). A new `attempt` renews the text, so a
 * second wrong try is announced again; a caller that clears the message between tries needs none.
 */
export function ResultAnnouncement({ message, attempt = 0, testId }: { message: string | null; attempt?: number; testId?: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {message && <span key={attempt}>{message}</span>}
    </VisuallyHidden>
  );
}
