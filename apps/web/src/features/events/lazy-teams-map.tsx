import { Suspense, lazy } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventTeam } from '@streethunt/shared';
import { usePublicConfig } from '../../api/public-config.ts';
import { RoomSection } from './room-section.tsx';
import { useTeamNames } from './team-names.ts';
import type { TeamPin } from './team-pins.ts';

// Leaflet comes with this chunk, once the control room shows.
const TeamsMap = lazy(() => import('./teams-map.tsx'));

const MAP_HEIGHT = 'clamp(280px, 50dvh, 520px)';

/** The teams' map panel: the map loaded on demand with the deployment's tiles, and a word while no team has a position. */
export function LazyTeamsMap({ teams }: { teams: readonly EventTeam[] }) {
  const { t } = useTranslation('studio');
  const config = usePublicConfig();
  const nameOf = useTeamNames();
  const tileUrl = config.data?.tileUrl ?? (config.isError ? '' : null);
  const pins: TeamPin[] = teams.flatMap((team) =>
    team.position
      ? [{ id: team.id, label: nameOf(team), lat: team.position.lat, lng: team.position.lng, state: team.endTime ? 'finished' : team.startTime ? 'playing' : 'notStarted' }]
      : [],
  );

  const loading = (
    <Center h={MAP_HEIGHT} data-testid="teams-map-loading">
      <Loader role="status" aria-label={t('events.map.loading')} />
    </Center>
  );
  return (
    <RoomSection title={t('events.map.title')} testId="teams-map-panel">
      <Stack gap="xs">
        {pins.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="no-positions">
            {t('events.map.noPositions')}
          </Text>
        )}
        {tileUrl === null ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <TeamsMap pins={pins} tileUrl={tileUrl} height={MAP_HEIGHT} />
          </Suspense>
        )}
      </Stack>
    </RoomSection>
  );
}
