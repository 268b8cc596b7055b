import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GameStatus } from '@streethunt/shared';

type Props = {
  name: string;
  status: GameStatus;
  dirty: boolean;
  /** Save shows while the game may be changed: never PENDING or APPROVED, unless the caller is an admin. */
  canSave: boolean;
  canSend: boolean;
  saving: boolean;
  sending: boolean;
  onSave(): void;
  onSend(): void;
};

const STATUS_COLOR: Record<GameStatus, string> = { DRAFT: 'gray', PENDING: 'yellow', APPROVED: 'teal' };

/** The editor's head: the game's name and status, whether all is saved, Save and send to approval. */
export function EditorToolbar({ name, status, dirty, canSave, canSend, saving, sending, onSave, onSend }: Props) {
  const { t } = useTranslation('studio');
  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Title order={1} size="h2" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {name.trim() || t('editor.untitled')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Badge
            color={STATUS_COLOR[status]}
            variant="light"
            // Mantine's light badge text is below AA contrast (gray: 3:1); its darkest shade passes.
            styles={{ label: { color: `var(--mantine-color-${STATUS_COLOR[status]}-9)` } }}
            data-testid="game-status"
          >
            {t(`editor.status.${status}`)}
          </Badge>
          <Text size="sm" c="dimmed" role="status" data-testid="save-state">
            {dirty ? t('editor.save.unsaved') : t('editor.save.allSaved')}
          </Text>
        </Group>
      </Stack>
      <Group gap="sm" wrap="wrap">
        {canSave && (
          <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={onSave} loading={saving} disabled={!dirty || sending} data-testid="save">
            {t('editor.save.button')}
          </Button>
        )}
        {canSend && (
          <Button variant="light" leftSection={<IconSend size={18} aria-hidden />} onClick={onSend} loading={sending} disabled={saving} data-testid="send-to-approval">
            {t('editor.approval.button')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
