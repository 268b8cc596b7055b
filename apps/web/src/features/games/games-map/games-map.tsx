// Leaflet first, as the global the cluster plugin patches; then the plugin and the styles.
import '../../../ui/map/leaflet-global.ts';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './games-map.css';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Box, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import type { GameListItem, Point } from '@streethunt/shared';
import { usePublicConfig } from '../../../api/public-config.ts';
import { clusterIcon, pinIcon, youIcon } from './map-icons.ts';
import { placedGames, viewPoints, type PlacedGame } from './map-view.ts';

export type GamesMapProps = {
  /** The cards of the list, in its order; a game without a start point is not on the map. */
  games: GameListItem[];
  /** The visitor's position, drawn as 'you are here'; the first view fits it and the nearest games. */
  center: { lat: number; lng: number } | null;
  /** The game's card, shown under the map when its marker is tapped. */
  renderCard: (game: GameListItem) => ReactNode;
  /** The id of an element naming the map (a tab, a heading); else the map names itself. */
  labelledBy?: string;
};

/** Where the map opens with nothing to show (the editor's default centre). */
const FALLBACK_CENTER: Point = { lat: 32.085744, lng: 34.795196 };
const OPEN_ZOOM = 13;
/** The view of a single point: the visitor with no game near, or one game without a visitor. */
const SINGLE_ZOOM = 14;
/** The closest the first view zooms in, so that one game a street away still shows its surroundings. */
const FIT_MAX_ZOOM = 16;
const MAX_ZOOM = 19;
/** Room around the fitted points: a pin rises some 40 px above its point. */
const FIT_PADDING = { paddingTopLeft: L.point(28, 52), paddingBottomRight: L.point(28, 20) } as const;
/** Markers close to each other on the screen, in pixels, merge into a cluster. */
const CLUSTER_RADIUS = 60;
const SELECTED_Z = 1000;
/** The visitor's dot lies under the markers: a pin or a cluster next to it stays readable and tappable. */
const YOU_Z = -1000;

type Selection = { id: string; fromKeyboard: boolean } | null;

/**
 * /games' map of the 'near me' list: the visitor as 'you are here', each game with a start
 * point as a pin, pins near one another merged into numbered clusters (leaflet.markercluster) that
 * split as the map zooms in. Tapping a pin shows the game's card under the map. Loaded lazily: only
 * this module imports Leaflet and the plugin.
 */
function GamesMap({ games, center, renderCard, labelledBy }: GamesMapProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const tileUrl = config.data?.tileUrl ?? '';
  const [selection, setSelection] = useState<Selection>(null);
  const selected = selection ? (games.find((game) => game._id === selection.id && game.start) ?? null) : null;

  const placed = useMemo(() => placedGames(games), [games]);
  // As text, so that a new array of the same games neither redraws the markers nor moves the map.
  const placedJson = JSON.stringify(placed);
  const fitJson = JSON.stringify(viewPoints(games, center));
  const [opening] = useState(() => (JSON.parse(fitJson) as Point[])[0] ?? FALLBACK_CENTER);

  const mapRef = useRef<L.Map>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const groupRef = useRef<L.MarkerClusterGroup | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const headingId = useId();

  const select = useCallback((id: string, fromKeyboard: boolean) => setSelection({ id, fromKeyboard }), []);

  const close = () => {
    const id = selection?.id;
    const focusWasInside = panelRef.current?.contains(document.activeElement) ?? false;
    setSelection(null);
    if (!focusWasInside || !id) return;
    // Back to the game's marker, or the cluster it is in now, or the map.
    const marker = markersRef.current.get(id);
    const shown = marker && groupRef.current ? groupRef.current.getVisibleParent(marker) : null;
    (shown?.getElement() ?? mapRef.current?.getContainer())?.focus();
  };

  // The card comes into view under the map; a keyboard user is taken to it.
  useEffect(() => {
    const panel = panelRef.current;
    if (!selection || !panel) return;
    if (selection.fromKeyboard) panel.focus({ preventScroll: true });
    panel.scrollIntoView?.({ block: 'nearest' });
  }, [selection]);

  const unplaced = games.length - placed.length;
  const selectedId = selected?._id ?? null;
  return (
    <Stack gap="sm" data-testid="games-map-view">
      {games.length > 0 && placed.length === 0 ? (
        <Text role="status" data-testid="games-map-no-starts">
          {t('gamesMap.noStarts')}
        </Text>
      ) : unplaced > 0 ? (
        <Text size="sm" data-testid="games-map-unplaced">
          {t('gamesMap.notOnMap', { count: unplaced })}
        </Text>
      ) : null}
      <Box
        className="sh-games-map"
        dir="ltr"
        role="region"
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': t('gamesMap.label') })}
        data-testid="games-map"
        style={{ inlineSize: '100%', blockSize: '60dvh', minBlockSize: 320, maxBlockSize: 640, isolation: 'isolate' }}
      >
        <MapContainer
          ref={mapRef}
          center={[opening.lat, opening.lng]}
          zoom={OPEN_ZOOM}
          maxZoom={MAX_ZOOM}
          zoomControl={false}
          attributionControl
          style={{ blockSize: '100%', inlineSize: '100%' }}
        >
          {tileUrl && <TileLayer url={tileUrl} attribution={t('map.attribution')} maxZoom={MAX_ZOOM} />}
          <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          <GameMarkers placedJson={placedJson} selectedId={selectedId} onSelect={select} markersRef={markersRef} groupRef={groupRef} />
          {center && <YouAreHere center={center} />}
          <FitView fitJson={fitJson} />
        </MapContainer>
      </Box>
      {selected && (
        <Paper
          component="section"
          ref={panelRef}
          tabIndex={-1}
          withBorder
          radius="md"
          p="sm"
          aria-labelledby={headingId}
          data-testid="games-map-card"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
            <Text id={headingId} fw={700}>
              {t('gamesMap.selected')}
            </Text>
            <CloseButton size="lg" onClick={close} aria-label={t('gamesMap.close')} data-testid="games-map-close" />
          </Group>
          {renderCard(selected)}
        </Paper>
      )}
    </Stack>
  );
}

export default GamesMap;

/** The visitor's dot, under the pins, not interactive (taps go through it). */
function YouAreHere({ center }: { center: Point }) {
  const { t } = useTranslation();
  const label = t('gamesMap.you');
  const icon = useMemo(() => youIcon(label), [label]);
  return <Marker position={[center.lat, center.lng]} icon={icon} title={label} keyboard={false} interactive={false} zIndexOffset={YOU_Z} />;
}

type ClusterTexts = { label: (count: number) => string; count: (count: number) => string };

/**
 * The games' pins in a cluster group, driven imperatively (react-leaflet has no cluster layer). Pins
 * and clusters are keyboard buttons named for screen readers: a pin by its game, a cluster '5 games'.
 */
function GameMarkers({
  placedJson,
  selectedId,
  onSelect,
  markersRef,
  groupRef,
}: {
  placedJson: string;
  selectedId: string | null;
  onSelect: (id: string, fromKeyboard: boolean) => void;
  markersRef: RefObject<Map<string, L.Marker>>;
  groupRef: RefObject<L.MarkerClusterGroup | null>;
}) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const selectedRef = useRef(selectedId);
  const drawnSelected = useRef<string | null>(null);
  const texts = useRef<ClusterTexts>({ label: String, count: String });

  // First, so the effects below (and the cluster icons they cause) read this render's values.
  useEffect(() => {
    texts.current = {
      label: (count) => t('gamesMap.cluster', { count }),
      count: (count) => new Intl.NumberFormat(language).format(count),
    };
  }, [t, language]);

  useEffect(() => {
    const clusters = L.markerClusterGroup({
      maxClusterRadius: CLUSTER_RADIUS,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      zoomToBoundsOnClick: true,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        const chosen = selectedRef.current ? markersRef.current.get(selectedRef.current) : undefined;
        const holdsSelected = chosen !== undefined && cluster.getAllChildMarkers().includes(chosen);
        return clusterIcon(count, texts.current.count(count), texts.current.label(count), holdsSelected);
      },
    });
    groupRef.current = clusters;
    map.addLayer(clusters);

    // Leaflet's marker buttons answer a click only: Enter and Space open a pin. The plugin zooms into a
    // cluster on Enter; Space does the same here.
    const container = map.getContainer();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const target = event.target as HTMLElement;
      const gameId = target.classList.contains('sh-games-pin') ? target.dataset.gameId : undefined;
      if (gameId) {
        event.preventDefault();
        onSelect(gameId, true);
        return;
      }
      if (event.key !== ' ' || !target.classList.contains('sh-games-cluster')) return;
      let cluster: L.MarkerCluster | undefined;
      map.eachLayer((layer) => {
        if (layer instanceof L.MarkerCluster && layer.getElement() === target) cluster = layer;
      });
      if (!cluster) return;
      event.preventDefault();
      clusters.fire('clusterclick', { layer: cluster, originalEvent: event });
      container.focus();
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      map.removeLayer(clusters);
      groupRef.current = null;
    };
  }, [map, onSelect, markersRef, groupRef]);

  // The pins, drawn anew when the games or the language change.
  useEffect(() => {
    const clusters = groupRef.current;
    if (!clusters) return;
    const created = new Map<string, L.Marker>();
    for (const game of JSON.parse(placedJson) as PlacedGame[]) {
      const chosen = game.id === selectedRef.current;
      const marker = L.marker([game.lat, game.lng], {
        icon: pinIcon(game.id, game.name, chosen),
        title: game.name,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: chosen ? SELECTED_Z : 0,
      });
      marker.on('click', () => onSelect(game.id, false));
      created.set(game.id, marker);
    }
    markersRef.current = created;
    drawnSelected.current = selectedRef.current;
    clusters.addLayers([...created.values()]);
    return () => {
      clusters.removeLayers([...created.values()]);
      markersRef.current = new Map();
    };
    // t: the cluster names are made again in the new language.
  }, [placedJson, onSelect, markersRef, groupRef, t]);

  // The selected pin is red and on top; the cluster holding it is ringed red.
  useEffect(() => {
    selectedRef.current = selectedId;
    const before = drawnSelected.current;
    if (before === selectedId) return;
    drawnSelected.current = selectedId;
    for (const [id, chosen] of [
      [before, false],
      [selectedId, true],
    ] as const) {
      const marker = id ? markersRef.current.get(id) : undefined;
      if (!id || !marker) continue;
      marker.setIcon(pinIcon(id, marker.options.title ?? '', chosen));
      marker.setZIndexOffset(chosen ? SELECTED_Z : 0);
    }
    groupRef.current?.refreshClusters();
  }, [selectedId, markersRef, groupRef]);

  return null;
}

/**
 * Fits the view to the visitor and the nearest games (or every game) when they change; a new page of
 * farther games leaves it where the visitor moved it. A map laid out with no size yet (a hidden tab)
 * fits once it has one.
 */
function FitView({ fitJson }: { fitJson: string }) {
  const map = useMap();
  const pending = useRef<string | null>(null);

  useEffect(() => {
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) {
      pending.current = fitJson;
      return;
    }
    pending.current = null;
    fit(map, JSON.parse(fitJson) as Point[]);
  }, [map, fitJson]);

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      const size = map.getSize();
      if (pending.current && size.x > 0 && size.y > 0) {
        fit(map, JSON.parse(pending.current) as Point[]);
        pending.current = null;
      }
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);

  return null;
}

function fit(map: L.Map, points: Point[]) {
  if (points.length === 0) return;
  if (points.length === 1) {
    map.setView([points[0].lat, points[0].lng], SINGLE_ZOOM, { animate: false });
    return;
  }
  map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { ...FIT_PADDING, maxZoom: FIT_MAX_ZOOM, animate: false });
}
