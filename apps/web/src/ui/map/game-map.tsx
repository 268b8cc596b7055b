import 'leaflet/dist/leaflet.css';
import './game-map.css';
import { Fragment, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { divIcon, latLng, type DivIcon, type Map as LeafletMap, type PathOptions } from 'leaflet';
import { Circle, CircleMarker, MapContainer, Marker, Pane, Polygon, Polyline, TileLayer, ZoomControl, useMap, useMapEvent } from 'react-leaflet';
import { AREA_RADIUS_METERS, areaCenter, isPolygon, type GameLocation, type Point } from '@streethunt/shared';
import { spreadMarkers, type Disc, type Offset } from './spread-markers.ts';
import { MapFrame } from './map-frame.tsx';

/** Spec section 9: the player's map opens at zoom 15 on the game's start. */
const PLAYER_MAP_ZOOM = 15;
/** Where the map opens when the game has no location at all (the editor's default centre). */
const FALLBACK_CENTER: Point = { lat: 32.085744, lng: 34.795196 };

export type GameMapProps = {
  start: GameLocation | null | undefined;
  /** Each question's area, in question order; a question without one keeps its number. */
  areas: Array<GameLocation | null | undefined>;
  /** The current question (highlighted); -1 when none is open. */
  currentIndex: number;
  /**
   * How a play draws each question, by the game's flow: done, open now, or not at all (not open yet, or
   * passed over). Absent: every question drawn, those before the current one as done (a line, no play).
   */
  marks?: ReadonlyArray<'done' | 'area' | null> | undefined;
  position: { lat: number; lng: number; accuracy?: number } | null;
  tileUrl: string;
  zoom?: number;
  height?: number | string;
  /** More layers drawn inside the map (the editor's preview adds a draggable simulated player). */
  children?: ReactNode;
};

const AREA_STYLE: PathOptions = { color: '#1c7ed6', weight: 2, opacity: 0.8, fillOpacity: 0.08, interactive: false };
const DONE_STYLE: PathOptions = { color: '#087f5b', weight: 2, opacity: 0.7, fillOpacity: 0.05, interactive: false };
const CURRENT_STYLE: PathOptions = { color: '#c92a2a', weight: 5, opacity: 1, fillOpacity: 0.18, interactive: false };
const POSITION_DOT: PathOptions = { color: '#fff', weight: 3, fillColor: '#1971c2', fillOpacity: 1, interactive: false };
const ACCURACY_CIRCLE: PathOptions = { color: '#1971c2', weight: 1, opacity: 0.5, fillColor: '#339af0', fillOpacity: 0.15, interactive: false };
/** The thin line from a marker moved aside (see spreadMarkers) to the point it stands for. */
const LEADER: PathOptions = { color: '#343a40', weight: 2, opacity: 0.8, interactive: false };
const LEADER_DOT: PathOptions = { color: '#fff', weight: 1, fillColor: '#343a40', fillOpacity: 1, interactive: false };
/** The player's dot: its radius, and with its white ring the room markers keep clear of. */
const POSITION_DOT_SIZE = 8;
const POSITION_DOT_RADIUS = POSITION_DOT_SIZE + 2;
/** Above the markers (Leaflet's marker pane is 600), below tooltips and popups. */
const POSITION_PANE_Z = 640;

type MarkerVariant = 'start' | 'current' | 'done' | 'area';
const markerSize = (variant: MarkerVariant) => (variant === 'current' ? 34 : 28);
/** The drawn radius, with the current marker's 4 px ring. */
const markerRadius = (variant: MarkerVariant) => markerSize(variant) / 2 + (variant === 'current' ? 4 : 0);

/** A round text marker, drawn `offset` pixels from its point; the text is ours (a letter or a number), never user content. */
function textIcon(text: string, variant: MarkerVariant, offset: Offset = { dx: 0, dy: 0 }) {
  const size = markerSize(variant);
  return divIcon({
    className: `sh-map-marker sh-map-marker--${variant}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2 - offset.dx, size / 2 - offset.dy],
  });
}

const toLatLng = (p: Point): [number, number] => [p.lat, p.lng];

/**
 * The game's map (Leaflet): the start 'S', numbered question markers, the areas (polygons, or a circle
 * of the arrival radius around a point) with the current one highlighted, the live position with its
 * accuracy, and a centre-on-me button. Loaded lazily: only this module imports Leaflet.
 */
export default function GameMap({ start, areas, currentIndex, marks, position, tileUrl, zoom = PLAYER_MAP_ZOOM, height = '60dvh', children }: GameMapProps) {
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
        const mark = marks ? marks[index] : currentIndex === -1 || index < currentIndex ? 'done' : 'area';
        if (index !== currentIndex && !mark) return null;
        const variant: MarkerVariant = index === currentIndex ? 'current' : (mark ?? 'area');
        return { index, area, center: areaCenter(area), variant };
      }),
    [areas, currentIndex, marks],
  );

  const centreOnMe = () => {
    const map = mapRef.current;
    if (!map || !position) return;
    map.setView([position.lat, position.lng], Math.max(map.getZoom(), zoom));
  };

  const attribution = t('map.attribution');
  return (
    <MapFrame label={t('map.label')} testId="game-map" height={height}>
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
        {markers.map((marker) => {
          if (!marker) return null;
          const style = marker.variant === 'current' ? CURRENT_STYLE : marker.variant === 'done' ? DONE_STYLE : AREA_STYLE;
          // Keyed by variant too: the highlighted area is added last, so it is drawn on top.
          return <AreaShape key={`${marker.index}-${marker.variant}`} area={marker.area} style={style} />;
        })}
        <PointMarkers start={start ? areaCenter(start) : null} markers={markers} position={position} />
        {position && typeof position.accuracy === 'number' && position.accuracy > 0 && (
          <Circle center={toLatLng(position)} radius={position.accuracy} pathOptions={ACCURACY_CIRCLE} />
        )}
        {/* A pane of its own above the markers: the player's dot is never hidden by S or a number. */}
        <Pane name="sh-position" style={{ zIndex: POSITION_PANE_Z }}>
          {position && <CircleMarker center={toLatLng(position)} radius={POSITION_DOT_SIZE} pathOptions={POSITION_DOT} />}
        </Pane>
        {children}
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
    </MapFrame>
  );
}

type PointMarker = { index: number; center: Point; variant: MarkerVariant } | null;

/** Icons by look, so that a marker gets the same icon object back and Leaflet redraws it only when it moves. */
const iconCache = new Map<string, DivIcon>();
function cachedIcon(text: string, variant: MarkerVariant, offset: Offset): DivIcon {
  const rounded = { dx: Math.round(offset.dx), dy: Math.round(offset.dy) };
  const key = `${text}|${variant}|${rounded.dx}|${rounded.dy}`;
  let icon = iconCache.get(key);
  if (!icon) {
    if (iconCache.size > 500) iconCache.clear();
    icon = textIcon(text, variant, rounded);
    iconCache.set(key, icon);
  }
  return icon;
}

/**
 * The start 'S' and the numbered markers. Markers that would cover one another, or the player's dot,
 * at the current zoom (the start is often a few metres from question 1) are moved apart on the screen,
 * each with a thin line to the point it stands for; recomputed on every zoom and move of the player.
 */
function PointMarkers({ start, markers, position }: { start: Point | null; markers: PointMarker[]; position: Point | null }) {
  const { t } = useTranslation();
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvent('zoomend', () => setZoom(map.getZoom()));
  const playerLat = position?.lat;
  const playerLng = position?.lng;

  const placed = useMemo(() => {
    const items = [
      ...(start ? [{ key: 'start', text: 'S', title: t('map.start'), center: start, variant: 'start' as MarkerVariant }] : []),
      ...markers.flatMap((marker) =>
        marker
          ? [{ key: String(marker.index), text: String(marker.index + 1), title: t('map.question', { number: marker.index + 1 }), center: marker.center, variant: marker.variant }]
          : [],
      ),
    ];
    const pixels = items.map((item) => map.project(toLatLng(item.center), zoom));
    const discs: Disc[] = items.map((item, i) => ({ x: pixels[i].x, y: pixels[i].y, r: markerRadius(item.variant) }));
    if (playerLat !== undefined && playerLng !== undefined) {
      const dot = map.project([playerLat, playerLng], zoom);
      discs.push({ x: dot.x, y: dot.y, r: POSITION_DOT_RADIUS, fixed: true });
    }
    const offsets = spreadMarkers(discs);
    return items.map((item, i) => {
      const offset = offsets[i];
      const aside = Math.hypot(offset.dx, offset.dy) >= 1;
      const drawnAt = aside ? map.unproject([pixels[i].x + offset.dx, pixels[i].y + offset.dy], zoom) : latLng(toLatLng(item.center));
      return { ...item, icon: cachedIcon(item.text, item.variant, offset), aside, drawnAt: [drawnAt.lat, drawnAt.lng] as [number, number] };
    });
  }, [start, markers, map, zoom, t, playerLat, playerLng]);

  return (
    <>
      {placed.map(
        (item) =>
          item.aside && (
            <Fragment key={`leader-${item.key}`}>
              <Polyline positions={[toLatLng(item.center), item.drawnAt]} pathOptions={LEADER} />
              <CircleMarker center={toLatLng(item.center)} radius={3} pathOptions={LEADER_DOT} />
            </Fragment>
          ),
      )}
      {placed.map((item) => (
        <Marker
          key={item.key}
          position={toLatLng(item.center)}
          icon={item.icon}
          title={item.title}
          keyboard={false}
          interactive={false}
          zIndexOffset={item.variant === 'current' ? 1000 : item.variant === 'start' ? 500 : 0}
        />
      ))}
    </>
  );
}

/** One area: its polygon, or the arrival circle around its point. */
function AreaShape({ area, style }: { area: GameLocation; style: PathOptions }) {
  if (isPolygon(area)) return <Polygon positions={area.map(toLatLng)} pathOptions={style} />;
  return <Circle center={toLatLng(area)} radius={AREA_RADIUS_METERS} pathOptions={style} />;
}
