import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  /** What it is about (the event's or the team's name), shown as typed. */
  subject: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** The control room's question before a step that cannot be undone (ending the event, disqualifying a team). */
export function DangerDialog({ opened, title, subject, text, confirmLabel, pending, onConfirm, onClose }: Props) {
  const { t } = useTranslation('studio');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('studio.close') }}>
      <Stack gap="md">
        <Text fw={700} dir="auto">
          {subject}
        </Text>
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('studio.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
