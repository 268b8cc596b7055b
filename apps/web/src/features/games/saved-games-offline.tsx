import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { browserCaches, canKeepPacks } from '../../ui/offline/browser-caches.ts';
import { listPacks, type PackRecord } from '../../ui/offline/pack-storage.ts';
import { useOfflinePackTexts } from '../../ui/offline/use-offline-pack-texts.ts';

/**
 * /games with no network: the list needs the server, so the phone says so and lists the games saved
 * for offline on it, each a link to its page, what it can still open. Loaded only then, with its texts.
 */
export default function SavedGamesOffline({ retry, retrying, retryLabel }: { retry(): void; retrying: boolean; retryLabel: string }) {
  const { t } = useOfflinePackTexts();
  const [packs, setPacks] = useState<PackRecord[] | null>(null);
  useEffect(() => {
    const listed = canKeepPacks() ? listPacks(browserCaches(), window.location.href) : Promise.resolve([]);
    listed.then(setPacks, () => setPacks([]));
  }, []);
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} title={t('gamesOfflineTitle')} data-testid="games-offline">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('gamesOfflineText')}</Text>
        {packs?.length === 0 && <Text size="sm">{t('gamesOfflineNone')}</Text>}
        {packs && packs.length > 0 && (
          <List size="sm" spacing={4} data-testid="saved-games-offline">
            {packs.map((pack) => (
              <List.Item key={pack.gameId}>
                <Anchor component={Link} to={`/game/${pack.gameId}`}>
                  {pack.name || t('thisGame')}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        <Button onClick={retry} loading={retrying}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
