import 'leaflet/dist/leaflet.css';
import '../../ui/map/game-map.css';
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Tooltip as HoverTip } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { latLngBounds, type Map as LeafletMap, type PathOptions } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import type { Point } from '@streethunt/shared';
import { MapFrame } from '../../ui/map/map-frame.tsx';

/** One team on the map: where it last was, the label it is known by, and how far it is. */
export type TeamPin = { id: string; label: string; lat: number; lng: number; state: 'notStarted' | 'playing' | 'finished' };

export type TeamsMapProps = { pins: readonly TeamPin[]; tileUrl: string; height: number | string };

/** Where the map opens before any team has sent a position (the editor's default centre). */
const FALLBACK_CENTER: Point = { lat: 32.085744, lng: 34.795196 };
const OPEN_ZOOM = 15;
/** The closest a fit to the teams zooms in, so one team alone still shows its streets. */
const FIT_MAX_ZOOM = 17;
const MAX_ZOOM = 19;
const FIT_PADDING: [number, number] = [40, 40];

const PIN_STYLE: Record<TeamPin['state'], PathOptions> = {
  notStarted: { color: '#fff', weight: 2, fillColor: '#495057', fillOpacity: 1 },
  playing: { color: '#fff', weight: 2, fillColor: '#1971c2', fillOpacity: 1 },
  finished: { color: '#fff', weight: 2, fillColor: '#087f5b', fillOpacity: 1 },
};

function fitPins(map: LeafletMap, pins: readonly TeamPin[]) {
  if (pins.length === 0) return;
  map.fitBounds(latLngBounds(pins.map((pin) => [pin.lat, pin.lng])), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
}

/**
 * The teams' last known positions (Leaflet), each a dot labelled with the team's name or code. The
 * map fits the teams once, when the first positions are in; after that the view is the organiser's,
 * with a button to see every team again. Loaded lazily: only this module imports Leaflet.
 */
export default function TeamsMap({ pins, tileUrl, height }: TeamsMapProps) {
  const { t } = useTranslation('studio');
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [opening] = useState(() => pins[0] ?? FALLBACK_CENTER);
  const fitted = useRef(false);

  useEffect(() => {
    if (fitted.current || !map || pins.length === 0) return;
    fitted.current = true;
    fitPins(map, pins);
  }, [map, pins]);

  return (
    <MapFrame label={t('events.map.label')} testId="teams-map" height={height}>
      <MapContainer ref={setMap} center={[opening.lat, opening.lng]} zoom={OPEN_ZOOM} maxZoom={MAX_ZOOM} zoomControl={false} attributionControl style={{ blockSize: '100%', inlineSize: '100%' }}>
        {tileUrl && <TileLayer url={tileUrl} attribution={t('translation:map.attribution')} maxZoom={MAX_ZOOM} />}
        <ZoomControl position="topleft" zoomInTitle={t('translation:map.zoomIn')} zoomOutTitle={t('translation:map.zoomOut')} />
        {pins.map((pin) => (
          <CircleMarker key={pin.id} center={[pin.lat, pin.lng]} radius={8} pathOptions={PIN_STYLE[pin.state]}>
            {/* React writes the label: a team's name is user text, never HTML. */}
            <Tooltip permanent direction="top" offset={[0, -8]}>
              <bdi dir="auto" data-testid="team-pin">
                {pin.label}
              </bdi>
            </Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
      <HoverTip label={t('events.map.fit')} position="bottom" withArrow openDelay={400}>
        <ActionIcon
          size={44}
          radius="xl"
          variant="default"
          onClick={() => map && fitPins(map, pins)}
          disabled={pins.length === 0}
          aria-label={t('events.map.fit')}
          style={{ position: 'absolute', insetInlineEnd: 10, insetBlockStart: 10, zIndex: 1000, boxShadow: '0 1px 4px rgb(0 0 0 / 30%)' }}
        >
          <IconFocusCentered size={24} aria-hidden />
        </ActionIcon>
      </HoverTip>
    </MapFrame>
  );
}
