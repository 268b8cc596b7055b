// Leaflet first, as the global the cluster plugin patches; then the plugin and the styles.
import '../../ui/map/leaflet-global.ts';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import '../../ui/map/game-map.css';
import './teams-map.css';
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, CloseButton, Group, Paper, ScrollArea, Stack, Text, Tooltip as HoverTip } from '@mantine/core';
import { IconFocusCentered } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import type { Point } from '@streethunt/shared';
import { LabelledIcon } from '../../ui/map/labelled-icon.ts';
import { MapFrame } from '../../ui/map/map-frame.tsx';
import { clusterTeams, type TeamPin } from './team-pins.ts';

export type TeamsMapProps = { pins: readonly TeamPin[]; tileUrl: string; height: number | string };

/** Where the map opens before any team has sent a position (the editor's default centre). */
const FALLBACK_CENTER: Point = { lat: 32.085744, lng: 34.795196 };
const OPEN_ZOOM = 15;
/** The closest a fit to the teams zooms in, so one team alone still shows its streets. */
const FIT_MAX_ZOOM = 17;
const MAX_ZOOM = 19;
const FIT_PADDING: [number, number] = [40, 40];
/** Teams closer than this on the screen, in pixels, are one numbered circle: a thousand dots would hide each other. */
const CLUSTER_RADIUS = 50;

const PIN_STYLE: Record<TeamPin['state'], L.PathOptions> = {
  notStarted: { color: '#fff', weight: 2, fillColor: '#495057', fillOpacity: 1 },
  playing: { color: '#fff', weight: 2, fillColor: '#1971c2', fillOpacity: 1 },
  finished: { color: '#fff', weight: 2, fillColor: '#087f5b', fillOpacity: 1 },
};

function fitPins(map: L.Map, pins: readonly TeamPin[]) {
  if (pins.length === 0) return;
  map.fitBounds(L.latLngBounds(pins.map((pin) => [pin.lat, pin.lng])), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
}

/**
 * The teams' last known positions (Leaflet), each a dot labelled with the team's name or code; teams
 * close together on the screen merge into a numbered circle (leaflet.markercluster), and teams at one
 * spot stay one circle at any zoom. Tapping a circle lists its teams under the map. The map fits the
 * teams once, when the first positions are in; after that the view is the organiser's, with a button
 * to see every team again. Loaded lazily: only this module imports Leaflet.
 */
export default function TeamsMap({ pins, tileUrl, height }: TeamsMapProps) {
  const { t, i18n } = useTranslation('studio');
  const [map, setMap] = useState<L.Map | null>(null);
  const [opening] = useState(() => pins[0] ?? FALLBACK_CENTER);
  const [listed, setListed] = useState<string[] | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    if (fitted.current || !map || pins.length === 0) return;
    fitted.current = true;
    fitPins(map, pins);
  }, [map, pins]);

  const byId = new Map(pins.map((pin) => [pin.id, pin]));
  const listedPins = (listed ?? []).flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <Stack gap="xs">
      <MapFrame label={t('events.map.label')} testId="teams-map" height={height}>
        <MapContainer ref={setMap} center={[opening.lat, opening.lng]} zoom={OPEN_ZOOM} maxZoom={MAX_ZOOM} zoomControl={false} attributionControl style={{ blockSize: '100%', inlineSize: '100%' }}>
          {tileUrl && <TileLayer url={tileUrl} attribution={t('translation:map.attribution')} maxZoom={MAX_ZOOM} />}
          <ZoomControl position="topleft" zoomInTitle={t('translation:map.zoomIn')} zoomOutTitle={t('translation:map.zoomOut')} />
          <TeamMarkers pins={pins} onList={setListed} />
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
      {listed && (
        <Paper withBorder radius="md" p="sm" component="section" aria-label={t('events.map.here', { count: listedPins.length })} data-testid="teams-here">
          <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
            <Text fw={700} size="sm">
              {t('events.map.here', { count: listedPins.length })}
            </Text>
            <CloseButton size="lg" onClick={() => setListed(null)} aria-label={t('events.map.closeList')} />
          </Group>
          <ScrollArea.Autosize mah={200} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
              {listedPins.map((pin) => (
                <Text component="li" key={pin.id} size="sm" data-testid="team-here">
                  <bdi dir="auto">{pin.label}</bdi>
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}

/** The teams' dots in a cluster group, driven imperatively (react-leaflet has no cluster layer); a dot moves when its team does. */
function TeamMarkers({ pins, onList }: { pins: readonly TeamPin[]; onList(ids: string[]): void }) {
  const map = useMap();
  const { t, i18n } = useTranslation('studio');
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<string, { marker: L.CircleMarker; pin: TeamPin }>());
  const teamOf = useRef(new WeakMap<L.Layer, string>());
  const texts = useRef({ label: (count: number) => String(count), count: (count: number) => String(count) });

  // The circles' names follow the language (first, so the circles drawn below have them).
  useEffect(() => {
    texts.current = { label: (count) => t('events.map.cluster', { count }), count: (count) => new Intl.NumberFormat(i18n.language).format(count) };
    group.current?.refreshClusters();
  }, [t, i18n.language]);

  useEffect(() => {
    const clusters = L.markerClusterGroup({
      maxClusterRadius: CLUSTER_RADIUS,
      showCoverageOnHover: false,
      // A tap lists the circle's teams (teams at one spot never split apart); zooming is the organiser's.
      zoomToBoundsOnClick: false,
      spiderfyOnMaxZoom: false,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        const size = count < 10 ? 36 : count < 100 ? 42 : 50;
        // Named for screen readers by how many teams it holds; a button (a tap lists them).
        return new LabelledIcon({
          className: 'sh-teams-cluster',
          html: `<span aria-hidden="true">${texts.current.count(count)}</span>`,
          iconSize: [size, size],
          iconAnchor: [size / 2, size / 2],
          label: texts.current.label(count),
          role: 'button',
        });
      },
    });
    clusters.on('clusterclick', (event) => {
      const cluster = (event as L.LeafletEvent & { layer: L.MarkerCluster }).layer;
      onList(clusterTeams(cluster.getAllChildMarkers().map((marker: L.Layer) => teamOf.current.get(marker) ?? '')));
    });
    group.current = clusters;
    map.addLayer(clusters);
    const kept = markers.current;
    return () => {
      map.removeLayer(clusters);
      group.current = null;
      kept.clear();
    };
  }, [map, onList]);

  // Dots added, moved, restyled or removed as the teams change: never all drawn again.
  useEffect(() => {
    const clusters = group.current;
    if (!clusters) return;
    const seen = new Set<string>();
    const added: L.CircleMarker[] = [];
    for (const pin of pins) {
      seen.add(pin.id);
      const kept = markers.current.get(pin.id);
      if (!kept) {
        const marker = L.circleMarker([pin.lat, pin.lng], { radius: 8, ...PIN_STYLE[pin.state] });
        marker.bindTooltip(labelElement(pin.label), { permanent: true, direction: 'top', offset: [0, -8] });
        teamOf.current.set(marker, pin.id);
        markers.current.set(pin.id, { marker, pin });
        added.push(marker);
        continue;
      }
      if (kept.pin.lat !== pin.lat || kept.pin.lng !== pin.lng) kept.marker.setLatLng([pin.lat, pin.lng]);
      if (kept.pin.state !== pin.state) kept.marker.setStyle(PIN_STYLE[pin.state]);
      if (kept.pin.label !== pin.label) kept.marker.setTooltipContent(labelElement(pin.label));
      kept.pin = pin;
    }
    if (added.length > 0) clusters.addLayers(added);
    const gone = [...markers.current].filter(([id]) => !seen.has(id));
    if (gone.length > 0) {
      clusters.removeLayers(gone.map(([, { marker }]) => marker));
      for (const [id] of gone) markers.current.delete(id);
    }
  }, [pins]);

  return null;
}

/** A team's label as text (a team's name is user text, never HTML), isolated for either direction. */
function labelElement(label: string): HTMLElement {
  const element = document.createElement('bdi');
  element.dir = 'auto';
  element.dataset.testid = 'team-pin';
  element.textContent = label;
  return element;
}
