import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useOfflinePackTexts } from '../../../ui/offline/use-offline-pack-texts.ts';
import { browserCaches } from '../../../ui/offline/browser-caches.ts';
import { formatBytes } from './pack-text.ts';
import { listPacks, removePack, type PackRecord } from '../../../ui/offline/pack-storage.ts';

/**
 * The games kept for offline on this phone: name, size, date, and Remove (after a confirm). Removing
 * deletes the pack's media and tiles only; the play and its progress stay with the play store.
 */
export function SavedPacks({ refresh, onRemoved }: { refresh: number; onRemoved(gameId: string): void }) {
  const { t, i18n } = useOfflinePackTexts();
  const [packs, setPacks] = useState<PackRecord[] | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const load = useCallback(() => {
    listPacks(browserCaches(), window.location.href).then(setPacks, () => setPacks([]));
  }, []);
  useEffect(load, [load, refresh]);

  const remove = async (pack: PackRecord) => {
    await removePack(browserCaches(), pack.gameId);
    setConfirming(null);
    setRemoved(pack.name || t('thisGame'));
    onRemoved(pack.gameId);
    load();
  };

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="xs" data-testid="saved-packs">
      <Title order={3} size="h5">
        {t('listTitle')}
      </Title>
      <Text size="sm" role="status" data-testid="pack-removed">
        {removed ? t('removed', { name: removed }) : ''}
      </Text>
      {packs?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('listEmpty')}
        </Text>
      )}
      {packs?.map((pack) => {
        const name = pack.name || t('thisGame');
        return (
          <Paper key={pack.gameId} withBorder radius="md" p="sm" data-testid="saved-pack" data-game={pack.gameId}>
            {confirming === pack.gameId ? (
              <Stack gap="xs">
                <Text size="sm" dir="auto">
                  {t('removeConfirm', { name })}
                </Text>
                <Group gap="xs">
                  <Button size="xs" color="red" onClick={() => void remove(pack)} data-testid="pack-remove-yes">
                    {t('removeYes')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                    {t('removeNo')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('row', { size: formatBytes(pack.bytes, i18n.language), date: date.format(new Date(pack.savedAt)) })}
                  </Text>
                </Stack>
                <Button size="xs" variant="light" color="red" style={{ flexShrink: 0 }} onClick={() => setConfirming(pack.gameId)} aria-label={t('removeLabel', { name })} data-testid="pack-remove">
                  {t('remove')}
                </Button>
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
