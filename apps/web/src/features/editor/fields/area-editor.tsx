import { Suspense, lazy, useId, useState } from 'react';
import { Button, Center, Group, Input, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isPolygon, type GameLocation, type Place } from '@streethunt/shared';
import { usePublicConfig } from '../../../api/public-config.ts';
import type { ViewRequest } from './area-editor-map.tsx';
import { areaModeOf, formatCoordinate, roundPoint, type AreaMode } from './area-location.ts';
import { PlacesSearch } from './places-search.tsx';

// Leaflet and leaflet-geoman come with this chunk, only when an area is edited.
const AreaEditorMap = lazy(() => import('./area-editor-map.tsx'));

const MAP_HEIGHT = 320;

export type AreaEditorProps = {
  label: string;
  value: GameLocation | null | undefined;
  onChange(value: GameLocation | null): void;
  /** The game's other areas, drawn faintly for context. */
  others: GameLocation[];
  error?: string;
};

/**
 * A game's or a question's area: a point (click, drag, or a place found by the search) or a polygon
 * drawn on the map; a polygon of fewer than 3 corners is kept as a point (spec section 5).
 */
export function AreaEditor({ label, value, onChange, others, error }: AreaEditorProps) {
  const { t } = useTranslation('studio');
  const config = usePublicConfig();
  // Without the deployment's tile URL the map still edits, on a blank background.
  const tileUrl = config.data?.tileUrl ?? (config.isError ? '' : null);
  const labelId = useId();
  const errorId = useId();
  const current = value ?? null;
  const kind = areaModeOf(current);
  // The mode the creator chose, while the value stays of the kind it was; a value of another kind
  // (a polygon drawn, another question's area) brings its own mode.
  const [choice, setChoice] = useState({ mode: kind, forKind: kind });
  const mode = choice.forKind === kind ? choice.mode : kind;
  const [view, setView] = useState<ViewRequest | null>(null);

  const picked = (place: Place) => {
    const point = roundPoint(place);
    setView({ center: point });
    if (!current) {
      setChoice({ mode, forKind: 'point' });
      onChange(point);
    }
  };
  const clear = () => {
    setChoice({ mode, forKind: 'point' });
    onChange(null);
  };

  let hint = t('fields.area.hintPoint');
  if (mode === 'polygon') hint = current && isPolygon(current) ? t('fields.area.hintPolygonEdit') : t('fields.area.hintPolygon');

  let summary = t('fields.area.none');
  if (current && isPolygon(current)) summary = t('fields.area.summaryPolygon', { count: current.length });
  else if (current) summary = t('fields.area.summaryPoint', { latitude: formatCoordinate(current.lat), longitude: formatCoordinate(current.lng) });

  const loading = (
    <Center h={MAP_HEIGHT} data-testid="area-map-loading">
      <Loader role="status" aria-label={t('fields.area.loading')} />
    </Center>
  );
  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} data-testid="area-editor">
      <Input.Label id={labelId} labelElement="div">
        {label}
      </Input.Label>
      <PlacesSearch onPick={picked} />
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          aria-label={t('fields.area.mode')}
          value={mode}
          onChange={(next) => setChoice({ mode: next as AreaMode, forKind: kind })}
          data={[
            { value: 'point', label: t('fields.area.point') },
            { value: 'polygon', label: t('fields.area.polygon') },
          ]}
          data-testid="area-mode"
        />
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={clear} disabled={!current}>
          {t('fields.area.clear')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="area-hint">
        {hint}
      </Text>
      {tileUrl !== null ? (
        <Suspense fallback={loading}>
          <AreaEditorMap value={current} onChange={onChange} others={others} mode={mode} tileUrl={tileUrl} view={view} height={MAP_HEIGHT} />
        </Suspense>
      ) : (
        loading
      )}
      <Text size="sm" role="status" data-testid="area-summary">
        {summary}
      </Text>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
