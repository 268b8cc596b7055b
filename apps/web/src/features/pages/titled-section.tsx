import type { ReactNode } from 'react';
import { Stack, Text, Title, type MantineSpacing } from '@mantine/core';

/** A section of a page named by its heading (for screen readers' landmarks), with a line under it. */
export function TitledSection({ id, title, intro, gap, children }: { id: string; title: string; intro: string; gap: MantineSpacing; children: ReactNode }) {
  return (
    <Stack gap={gap} component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} id={id}>
          {title}
        </Title>
        <Text>{intro}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
