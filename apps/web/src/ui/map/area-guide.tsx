import { Alert, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconCircleCheck, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { areaCenter, bearingDegrees, compassPoint, distanceToArea, isInsideArea, type GameLocation } from '@streethunt/shared';
import { formatDistance } from './format-distance.ts';
import { LocationErrorText, type LocationError } from './location-disabled.tsx';

export type AreaGuideProps = {
  target: GameLocation;
  position: { lat: number; lng: number; accuracy?: number } | null;
  error: LocationError | null;
};

/**
 * Guides the player on foot to a question's area: distance and direction while walking, then 'you have
 * arrived' once the position, with its reported accuracy, falls inside (DESIGN.md section 4). The manual
 * continue button is the player's, shown whatever this says.
 */
export function AreaGuide({ target, position, error }: AreaGuideProps) {
  const { t, i18n } = useTranslation();
  const arrived = position !== null && isInsideArea(position, target);

  let body;
  if (!position) {
    body = error ? (
      <Alert color="orange" variant="light" icon={<IconMapPinOff aria-hidden />} data-testid="area-guide-error">
        <Stack gap={4}>
          <Text fw={600}>{t('map.disabled.title')}</Text>
          <Text size="sm">{t('map.disabled.text')}</Text>
          <LocationErrorText error={error} />
        </Stack>
      </Alert>
    ) : (
      <Group gap="sm" wrap="nowrap" data-testid="area-guide-looking">
        <Loader size="sm" aria-hidden />
        <Text>{t('map.guide.looking')}</Text>
      </Group>
    );
  } else if (!arrived) {
    const bearing = bearingDegrees(position, areaCenter(target));
    const distance = formatDistance(distanceToArea(position, target), i18n.language, t);
    const accuracy = position.accuracy;
    body = (
      <Group gap="md" wrap="nowrap" data-testid="area-guide-heading">
        <Box
          aria-hidden
          data-testid="area-guide-arrow"
          data-bearing={Math.round(bearing)}
          style={{
            flex: 'none',
            inlineSize: 56,
            blockSize: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            background: 'var(--mantine-color-teal-0)',
            color: 'var(--mantine-color-teal-8)',
          }}
        >
          {/* Compass bearings are physical: the arrow turns the same way in Hebrew and English. */}
          <IconArrowUp size={36} stroke={2.5} style={{ transform: `rotate(${bearing}deg)` }} />
        </Box>
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {t('map.guide.distance', { distance })}
          </Text>
          <Text>{t('map.guide.direction', { direction: t(`map.compass.${compassPoint(bearing)}`) })}</Text>
          {typeof accuracy === 'number' && Number.isFinite(accuracy) && (
            <Text size="sm" c="dimmed">
              {t('map.guide.accuracy', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(accuracy) })}
            </Text>
          )}
        </Stack>
      </Group>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="area-guide"
      data-arrived={arrived || undefined}
      style={arrived ? { background: 'var(--mantine-color-teal-0)', borderColor: 'var(--mantine-color-teal-6)' } : undefined}
    >
      {body}
      {/* Always mounted, so screen readers announce the arrival when it is filled in. */}
      <div role="status" aria-live="polite">
        {arrived && (
          <Group gap="sm" wrap="nowrap" c="teal.8" data-testid="area-guide-arrived">
            <IconCircleCheck size={36} aria-hidden />
            <Text fw={700} size="lg">
              {t('map.guide.arrived')}
            </Text>
          </Group>
        )}
      </div>
    </Paper>
  );
}
