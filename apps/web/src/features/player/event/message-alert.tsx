import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TeamMessage } from '@streethunt/shared';
import { useAnnounceNew } from '../../../ui/announcer/announcer.tsx';

/**
 * The organiser's messages not yet read on this phone: they stay on every page until dismissed, and in
 * view wherever the page is scrolled (a phone scrolled down to the answer field saw none): held at the
 * top of the screen while the page scrolls under it (the player's page is its container: EventBar
 * places it there), their own list scrolling when long.
 */
export function MessageAlert({ messages, onDismiss }: { messages: TeamMessage[]; onDismiss(): void }) {
  const { t } = useTranslation();
  const title = t('player.event.message.title');
  // Each message is said once by the app's live region; the box itself is no alert, or it would be said twice.
  useAnnounceNew(
    messages.map((message) => ({ key: `message:${message.id}`, text: `${title}: ${message.text}` })),
    { politeness: 'assertive', sayFirst: true },
  );
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconSpeakerphone aria-hidden />}
      title={title}
      role="region"
      aria-label={title}
      data-testid="event-message"
      styles={{
        root: {
          border: '2px solid var(--mantine-color-grape-6)',
          position: 'sticky',
          insetBlockStart: 'var(--mantine-spacing-xs)',
          marginBlockEnd: 'var(--mantine-spacing-md)',
          maxBlockSize: '60dvh',
          overflowY: 'auto',
          zIndex: 'var(--mantine-z-index-overlay)',
          boxShadow: 'var(--mantine-shadow-lg)',
          // Light variant colours are see-through: a solid layer under them keeps the page from showing through.
          backgroundColor: 'var(--mantine-color-body)',
          backgroundImage: 'linear-gradient(var(--mantine-color-grape-light), var(--mantine-color-grape-light))',
        },
        message: { color: 'var(--mantine-color-text)' },
      }}
    >
      <Stack gap="xs" align="flex-start">
        {messages.map((message) => (
          // Plain text: whatever the organiser typed shows as typed, in its own direction.
          <Text key={message.id} dir="auto" fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="event-message-text">
            {message.text}
          </Text>
        ))}
        <Button size="sm" color="grape.8" onClick={onDismiss}>
          {t('player.event.message.dismiss')}
        </Button>
      </Stack>
    </Alert>
  );
}
