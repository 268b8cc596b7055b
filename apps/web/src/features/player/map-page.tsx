import { Alert, Stack, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocationDisabled } from '../../ui/map/location-disabled.tsx';
import { useGeolocation } from '../../ui/map/use-geolocation.ts';
import { LazyGameMap } from './lazy-game-map.tsx';
import { usePlay } from './play-context.tsx';
import { usePlayFlow } from './use-play-flow.ts';
import { flowRulesOf, indexOfQuestion } from './play-flow.ts';
import { useAreaMarks } from './use-area-marks.ts';
import { StopsList, type ListedStop } from './stops-list.tsx';

/** The map page: the areas the game's flow opens now and those done, the next one highlighted, and where the player is. */
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
  const flow = usePlayFlow();
  const geolocation = useGeolocation(true);
  const questions = game.questions ?? [];
  const marks = useAreaMarks();
  // Before the start nothing is current; in any order, the flow's suggestion (the one under way, else the first open).
  const current = snapshot.progress?.startTime ? indexOfQuestion(flowRulesOf(game), flow.next) : -1;
  // The list beside the map: the stops the flow opens now, with a place to walk to.
  const stops = questions.flatMap((question, index): ListedStop[] =>
    question.location && flow.playable.includes(question.id) ? [{ id: question.id, number: index + 1, location: question.location, next: question.id === flow.next }] : [],
  );
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
        marks={marks}
        position={geolocation.position}
      />
      <StopsList gameId={game._id} stops={stops} position={geolocation.position} />
    </Stack>
  );
}
