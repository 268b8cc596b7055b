import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The buttons at the foot of a dialog; they wrap on a narrow phone. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {children}
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
        <Actions>
          {confirming ? (
            <>
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('editor.conflict.back')}
              </Button>
              <Button color="red" onClick={onReload} data-testid="conflict-reload-confirm">
                {t('editor.conflict.reloadConfirm')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} data-testid="conflict-keep">
                {t('editor.conflict.keep')}
              </Button>
              <Button onClick={() => setConfirming(true)} data-testid="conflict-reload">
                {t('editor.conflict.reload')}
              </Button>
            </>
          )}
        </Actions>
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
        <Actions>
          <Button variant="default" onClick={onDiscard} data-testid="older-draft-discard">
            {t('editor.draft.discardOlder')}
          </Button>
          <Button onClick={onUse} data-testid="older-draft-use">
            {t('editor.draft.useOlder')}
          </Button>
        </Actions>
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
        <Actions>
          <Button variant="default" onClick={onLeave} data-testid="leave-confirm">
            {t('editor.leave.leave')}
          </Button>
          <Button onClick={onStay} data-testid="leave-stay">
            {t('editor.leave.stay')}
          </Button>
        </Actions>
      </Stack>
    </Modal>
  );
}
