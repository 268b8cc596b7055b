import 'leaflet/dist/leaflet.css';
import './game-map.css';
import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { divIcon, type Map as LeafletMap, type PathOptions } from 'leaflet';
import { Circle, CircleMarker, MapContainer, Marker, Polygon, TileLayer, ZoomControl } from 'react-leaflet';
import { AREA_RADIUS_METERS, areaCenter, isPolygon, type GameLocation, type Point } from '@streethunt/shared';

/** Spec section 9: the player's map opens at zoom 15 on the game's start. */
export const PLAYER_MAP_ZOOM = 15;
/** Where the map opens when the game has no location at all (the editor's default centre). */
const FALLBACK_CENTER: Point = { lat: 32.085744, lng: 34.795196 };

export type GameMapProps = {
  start: GameLocation | null | undefined;
  /** Each question's area, in question order; a question without one keeps its number. */
  areas: Array<GameLocation | null | undefined>;
  /** The current question (highlighted); -1 when none is open. */
  currentIndex: number;
  position: { lat: number; lng: number; accuracy?: number } | null;
  tileUrl: string;
  zoom?: number;
  height?: number | string;
};

const AREA_STYLE: PathOptions = { color: '#1c7ed6', weight: 2, opacity: 0.8, fillOpacity: 0.08, interactive: false };
const DONE_STYLE: PathOptions = { color: '#087f5b', weight: 2, opacity: 0.7, fillOpacity: 0.05, interactive: false };
const CURRENT_STYLE: PathOptions = { color: '#c92a2a', weight: 5, opacity: 1, fillOpacity: 0.18, interactive: false };
const POSITION_DOT: PathOptions = { color: '#fff', weight: 3, fillColor: '#1971c2', fillOpacity: 1, interactive: false };
const ACCURACY_CIRCLE: PathOptions = { color: '#1971c2', weight: 1, opacity: 0.5, fillColor: '#339af0', fillOpacity: 0.15, interactive: false };

/** A round text marker; the text is ours (a letter or a number), never user content. */
function textIcon(text: string, variant: 'start' | 'current' | 'done' | 'area') {
  const size = variant === 'current' ? 34 : 28;
  return divIcon({
    className: `sh-map-marker sh-map-marker--${variant}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

const toLatLng = (p: Point): [number, number] => [p.lat, p.lng];

/**
 * The game's map (Leaflet): the start 'S', numbered question markers, the areas (polygons, or a circle
 * of the arrival radius around a point) with the current one highlighted, the live position with its
 * accuracy, and a centre-on-me button. Loaded lazily: only this module imports Leaflet.
 */
export default function GameMap({ start, areas, currentIndex, position, tileUrl, zoom = PLAYER_MAP_ZOOM, height = '60dvh' }: GameMapProps) {
  const { t } = useTranslation();
  const mapRef = useRef<LeafletMap>(null);

  // The map opens once, on the start; later changes do not move it (Leaflet's centre is the user's then).
  const [center] = useState(() => {
    const first = start ?? areas.find((area) => area != null);
    return first ? areaCenter(first) : FALLBACK_CENTER;
  });

  const markers = useMemo(
    () =>
      areas.map((area, index) => {
        if (!area) return null;
        const variant = index === currentIndex ? 'current' : currentIndex === -1 || index < currentIndex ? 'done' : 'area';
        return { index, area, center: areaCenter(area), variant, icon: textIcon(String(index + 1), variant) } as const;
      }),
    [areas, currentIndex],
  );
  const startIcon = useMemo(() => textIcon('S', 'start'), []);

  const centreOnMe = () => {
    const map = mapRef.current;
    if (!map || !position) return;
    map.setView([position.lat, position.lng], Math.max(map.getZoom(), zoom));
  };

  const attribution = t('map.attribution');
  return (
    <Box
      className="sh-map"
      dir="ltr"
      role="region"
      aria-label={t('map.label')}
      data-testid="game-map"
      pos="relative"
      style={{ blockSize: height, inlineSize: '100%', isolation: 'isolate' }}
    >
      <MapContainer
        ref={mapRef}
        center={toLatLng(center)}
        zoom={zoom}
        zoomControl={false}
        attributionControl
        style={{ blockSize: '100%', inlineSize: '100%' }}
      >
        {tileUrl && <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />}
        <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
        {start && <Marker position={toLatLng(areaCenter(start))} icon={startIcon} title={t('map.start')} keyboard={false} interactive={false} />}
        {markers.map((marker) => {
          if (!marker) return null;
          const style = marker.variant === 'current' ? CURRENT_STYLE : marker.variant === 'done' ? DONE_STYLE : AREA_STYLE;
          // Keyed by variant too: the highlighted area is added last, so it is drawn on top.
          return <AreaShape key={`${marker.index}-${marker.variant}`} area={marker.area} style={style} />;
        })}
        {markers.map(
          (marker) =>
            marker && (
              <Marker
                key={marker.index}
                position={toLatLng(marker.center)}
                icon={marker.icon}
                title={t('map.question', { number: marker.index + 1 })}
                keyboard={false}
                interactive={false}
                zIndexOffset={marker.variant === 'current' ? 1000 : 0}
              />
            ),
        )}
        {position && (
          <>
            {typeof position.accuracy === 'number' && position.accuracy > 0 && (
              <Circle center={toLatLng(position)} radius={position.accuracy} pathOptions={ACCURACY_CIRCLE} />
            )}
            <CircleMarker center={toLatLng(position)} radius={8} pathOptions={POSITION_DOT} />
          </>
        )}
      </MapContainer>
      <Tooltip label={t('map.centerOnMe')} position="bottom" withArrow openDelay={400}>
        <ActionIcon
          size={48}
          radius="xl"
          variant="default"
          onClick={centreOnMe}
          disabled={!position}
          aria-label={t('map.centerOnMe')}
          data-testid="map-center-on-me"
          style={{ position: 'absolute', insetInlineEnd: 10, insetBlockStart: 10, zIndex: 1000, boxShadow: '0 1px 4px rgb(0 0 0 / 30%)' }}
        >
          <IconCurrentLocation size={26} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

/** One area: its polygon, or the arrival circle around its point. */
function AreaShape({ area, style }: { area: GameLocation; style: PathOptions }) {
  if (isPolygon(area)) return <Polygon positions={area.map(toLatLng)} pathOptions={style} />;
  return <Circle center={toLatLng(area)} radius={AREA_RADIUS_METERS} pathOptions={style} />;
}
