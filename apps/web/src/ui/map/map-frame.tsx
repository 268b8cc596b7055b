import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/**
 * The box a Leaflet map lives in: a labelled region, laid out left to right whatever the page's
 * direction (tiles and controls assume it), and a stacking context of its own so the map's panes
 * stay under the page's menus and dialogs.
 */
export function MapFrame({ label, testId, height, children }: { label: string; testId: string; height: number | string; children: ReactNode }) {
  return (
    <Box className="sh-map" dir="ltr" role="region" aria-label={label} data-testid={testId} pos="relative" style={{ blockSize: height, inlineSize: '100%', isolation: 'isolate' }}>
      {children}
    </Box>
  );
}
