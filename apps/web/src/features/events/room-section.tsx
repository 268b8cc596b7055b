import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Title } from '@mantine/core';

/** A panel's list scrolls inside it beyond this height, so the panels beside it stay in view. */
export const LIST_MAX_HEIGHT = 360;

/** One panel of the control room: a bordered card named by its heading, with room for a control beside the heading. */
export function RoomSection({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Card component="section" withBorder padding="md" radius="md" aria-labelledby={headingId} data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
