import { Alert, Stack, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentQuestionIndex } from '@streethunt/shared';
import { LocationDisabled } from '../../ui/map/location-disabled.tsx';
import { useGeolocation } from '../../ui/map/use-geolocation.ts';
import { LazyGameMap } from './lazy-game-map.tsx';
import { usePlay } from './play-context.tsx';

/** The map page: every area, the current one highlighted, and where the player is. */
export function MapPage() {
  const { t } = useTranslation();
  const { game } = usePlay();
  if (!game.metadata.map) {
    return (
      <Alert color="gray" variant="light" icon={<IconMapOff aria-hidden />} data-testid="no-map">
        {t('player.map.none')}
      </Alert>
    );
  }
  return <LiveMap />;
}

function LiveMap() {
  const { t } = useTranslation();
  const { game, snapshot } = usePlay();
  const geolocation = useGeolocation(true);
  const questions = game.questions ?? [];
  const current = snapshot.progress ? currentQuestionIndex(snapshot.progress.questions) : -1;
  const unavailable = geolocation.status === 'denied' || geolocation.status === 'unavailable';
  return (
    <Stack gap="md" data-testid="map-page">
      <Title order={1} size="h2">
        {t('player.map.title')}
      </Title>
      {unavailable && <LocationDisabled error={geolocation.error} />}
      <LazyGameMap
        start={game.metadata.location}
        areas={questions.map((q) => q.location ?? null)}
        currentIndex={current}
        position={geolocation.position}
      />
    </Stack>
  );
}
