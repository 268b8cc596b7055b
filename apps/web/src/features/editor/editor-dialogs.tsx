import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Choice = { label: string; onClick(): void; testId?: string; variant?: 'default'; color?: 'red' };

/** The buttons at the foot of a dialog, the cautious one first; they wrap on a narrow phone. */
function Choices({ choices }: { choices: Choice[] }) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {choices.map((choice) => (
        <Button key={choice.label} variant={choice.variant} color={choice.color} onClick={choice.onClick} data-testid={choice.testId}>
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * A save answered 409: another tab or device saved the game first. Reload the latest (after a
 * confirmation: the changes made here are dropped), or keep editing here; nothing is overwritten.
 */
export function ConflictModal({ opened, onKeep, onReload }: { opened: boolean; onKeep(): void; onReload(): void }) {
  const { t } = useTranslation('studio');
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onKeep();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(confirming ? 'editor.conflict.confirmTitle' : 'editor.conflict.title')}
      centered
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      data-testid="conflict-modal"
    >
      <Stack gap="md">
        <Text>{t(confirming ? 'editor.conflict.confirmText' : 'editor.conflict.text')}</Text>
        <Choices
          choices={
            confirming
              ? [
                  { label: t('editor.conflict.back'), onClick: () => setConfirming(false), variant: 'default' },
                  { label: t('editor.conflict.reloadConfirm'), onClick: onReload, testId: 'conflict-reload-confirm', color: 'red' },
                ]
              : [
                  { label: t('editor.conflict.keep'), onClick: close, testId: 'conflict-keep', variant: 'default' },
                  { label: t('editor.conflict.reload'), onClick: () => setConfirming(true), testId: 'conflict-reload' },
                ]
          }
        />
      </Stack>
    </Modal>
  );
}

/** Changes kept on this device started from an older version of the game: use them here, or discard them. */
export function OlderDraftModal({ savedAt, onUse, onDiscard }: { savedAt: string | null; onUse(): void; onDiscard(): void }) {
  const { t, i18n } = useTranslation('studio');
  const when = savedAt ? new Date(savedAt) : null;
  const date = when && !Number.isNaN(when.getTime()) ? when.toLocaleString(i18n.language) : '';
  return (
    <Modal
      opened={savedAt !== null}
      onClose={onDiscard}
      title={t('editor.draft.olderTitle')}
      centered
      // Only the two buttons decide: neither a stray click nor Escape drops the kept changes.
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      data-testid="older-draft-modal"
    >
      <Stack gap="md">
        <Text>{date ? t('editor.draft.olderText', { date }) : t('editor.draft.olderTextNoDate')}</Text>
        <Choices
          choices={[
            { label: t('editor.draft.discardOlder'), onClick: onDiscard, testId: 'older-draft-discard', variant: 'default' },
            { label: t('editor.draft.useOlder'), onClick: onUse, testId: 'older-draft-use' },
          ]}
        />
      </Stack>
    </Modal>
  );
}

/** Leaving the editor with unsaved changes: stay, or leave (the changes stay on this device). */
export function LeaveModal({ opened, onStay, onLeave }: { opened: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation('studio');
  return (
    <Modal opened={opened} onClose={onStay} title={t('editor.leave.title')} centered closeButtonProps={{ 'aria-label': t('studio.close') }} data-testid="leave-modal">
      <Stack gap="md">
        <Text>{t('editor.leave.text')}</Text>
        <Choices
          choices={[
            { label: t('editor.leave.leave'), onClick: onLeave, testId: 'leave-confirm', variant: 'default' },
            { label: t('editor.leave.stay'), onClick: onStay, testId: 'leave-stay' },
          ]}
        />
      </Stack>
    </Modal>
  );
}
