import { useEffect, useState } from 'react';
import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserCaches, canKeepPacks } from '../../ui/offline/browser-caches.ts';
import { listPacks, type PackRecord } from '../../ui/offline/pack-storage.ts';

/** The games saved for offline on this phone, each a link to its page: what a phone with no network can still open. */
export default function SavedGamesOffline() {
  const { t } = useTranslation();
  const [packs, setPacks] = useState<PackRecord[] | null>(null);
  useEffect(() => {
    const listed = canKeepPacks() ? listPacks(browserCaches(), window.location.href) : Promise.resolve([]);
    listed.then(setPacks, () => setPacks([]));
  }, []);
  if (!packs) return null;
  if (packs.length === 0) return <Text size="sm">{t('games.offline.none')}</Text>;
  return (
    <List size="sm" spacing={4} data-testid="saved-games-offline">
      {packs.map((pack) => (
        <List.Item key={pack.gameId}>
          <Anchor component={Link} to={`/game/${pack.gameId}`}>
            {pack.name || t('games.untitled')}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
