import { useEffect } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { areaCenter, bearingDegrees, compassPoint, distanceToArea, isInsideArea, type GameLocation } from '@streethunt/shared';
import { LIVE_NAMESPACE } from '../../i18n/live-translations.ts';
import { announceOnce } from '../../ui/announcer/announcer.tsx';
import { formatDistance } from '../../ui/map/format-distance.ts';

export type ListedStop = { id: string; number: number; location: GameLocation; next: boolean };

type Position = { lat: number; lng: number; accuracy?: number };

/**
 * The map in words, beside it: each stop the play may go to now, with its distance and direction from
 * the player ('140 m, north-east'), nearest first, read again as the player walks. It is no live region
 * (read when the player comes to it); the arrival at a stop is news, said once through the announcer.
 */
export function StopsList({ gameId, stops, position }: { gameId: string; stops: readonly ListedStop[]; position: Position | null }) {
  const { t, i18n } = useTranslation();
  const { t: live } = useTranslation(LIVE_NAMESPACE);
  const rows = stops.map((stop) => {
    if (!position) return { stop, meters: Number.POSITIVE_INFINITY, arrived: false, where: null };
    const arrived = isInsideArea(position, stop.location);
    const meters = distanceToArea(position, stop.location);
    const direction = t(`map.compass.${compassPoint(bearingDegrees(position, areaCenter(stop.location)))}`);
    return { stop, meters, arrived, where: live('player.map.stops.where', { distance: formatDistance(meters, i18n.language, t), direction }) };
  });
  const sorted = position ? [...rows].sort((a, b) => a.meters - b.meters) : rows;
  const arrivedAt = rows.filter((row) => row.arrived).map((row) => row.stop);
  const arrivedKey = arrivedAt.map((stop) => stop.id).join(',');

  useEffect(() => {
    for (const stop of arrivedAt) announceOnce(`arrived:${gameId}:${stop.id}`, live('player.map.stops.arrivedNews', { n: stop.number }), 'assertive');
    // The ids say it all: a new array of the same stops is no news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrivedKey, gameId]);

  return (
    <Stack component="section" gap="xs" aria-labelledby="stops-list-title" data-testid="stops-list">
      <Title order={2} size="h4" id="stops-list-title">
        {live('player.map.stops.title')}
      </Title>
      {!position && stops.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="stops-list-no-position">
          {live('player.map.stops.noPosition')}
        </Text>
      )}
      {stops.length === 0 ? (
        <Text size="sm" data-testid="stops-list-empty">
          {live('player.map.stops.none')}
        </Text>
      ) : (
        <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {sorted.map(({ stop, arrived, where }) => (
            <Paper component="li" key={stop.id} withBorder radius="md" p="xs" data-testid="stops-list-item" data-stop={stop.number} data-arrived={arrived || undefined}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={700}>{t('map.question', { number: stop.number })}</Text>
                  <Text size="sm">{arrived ? live('player.map.stops.here') : (where ?? live('player.map.stops.unknown'))}</Text>
                </Stack>
                {stop.next && (
                  <Badge color="teal" variant="light" style={{ flex: 'none' }}>
                    {live('player.map.stops.next')}
                  </Badge>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
