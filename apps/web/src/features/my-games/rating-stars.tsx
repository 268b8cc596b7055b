import { Group, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

const STARS = 5;

/**
 * A 1-5 rating as five stars and its number; `label` ('General: 4 of 5') is what a screen reader hears
 * instead of the drawing.
 */
export function RatingStars({ value, label }: { value: number; label: string }) {
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={label} style={{ display: 'inline-flex' }}>
      {Array.from({ length: STARS }, (_, index) =>
        index < Math.round(value) ? (
          <IconStarFilled key={index} size={14} color="var(--mantine-color-yellow-7)" aria-hidden />
        ) : (
          <IconStar key={index} size={14} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
        ),
      )}
      <Text span size="sm" ms={4} aria-hidden>
        {value}
      </Text>
    </Group>
  );
}
