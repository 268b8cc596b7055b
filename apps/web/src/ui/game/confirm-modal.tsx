import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes/no question before something that cannot be undone (opening a hint, skipping a question, cancelling a purchase). */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The way back, when 'cancel' would read as the very thing asked (cancelling a purchase). */
  cancelLabel?: string;
  /** The confirm button's colour: red for something that gives money back or ends a purchase. */
  color?: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('player.common.close') }}>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            {cancelLabel ?? t('player.common.cancel')}
          </Button>
          <Button
            size="md"
            color={color}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
