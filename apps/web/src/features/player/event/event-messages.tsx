import { useState } from 'react';
import { Button, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TeamMessage } from '@streethunt/shared';

/** Every message of the event to this team (to it or to all), newest first, behind a button. */
export function EventMessages({ messages }: { messages: TeamMessage[] }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <Button variant="light" size="sm" leftSection={<IconMessages size={18} aria-hidden />} onClick={() => setOpened(true)} data-testid="event-messages-open">
        {t('player.event.messages.open', { count: messages.length })}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('player.event.messages.title')} closeButtonProps={{ 'aria-label': t('player.common.close') }}>
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="event-messages">
          {[...messages].reverse().map((message) => (
            <Paper component="li" key={message.id} withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                <time dateTime={message.at}>{time.format(new Date(message.at))}</time>
                {' · '}
                {t(message.toTeam ? 'player.event.messages.toTeam' : 'player.event.messages.toAll')}
              </Text>
              <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
