import { Suspense, lazy } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameMapProps } from '../../ui/map/game-map.tsx';
import { usePublicConfig } from '../../api/public-config.ts';

// Leaflet loads only with this chunk, never with the player's first load (DESIGN.md section 7).
const GameMap = lazy(() => import('../../ui/map/game-map.tsx'));

/** The game map, loaded on demand, with the deployment's tile URL. */
export function LazyGameMap(props: Omit<GameMapProps, 'tileUrl'>) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const fallback = (
    <Center mih={typeof props.height === 'number' ? props.height : 240} data-testid="map-loading">
      <Loader role="status" aria-label={t('player.map.loading')} />
    </Center>
  );
  if (!config.data) return fallback;
  return (
    <Suspense fallback={fallback}>
      <GameMap {...props} tileUrl={config.data.tileUrl} />
    </Suspense>
  );
}
