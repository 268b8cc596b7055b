import './geoman-setup.ts';
import '@geoman-io/leaflet-geoman-free';
import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import './map-handles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divIcon, polygon as leafletPolygon, type Layer, type PathOptions, type Polygon as LeafletPolygon } from 'leaflet';
import { Circle, MapContainer, Polygon, TileLayer, ZoomControl, useMap, useMapEvent } from 'react-leaflet';
import { AREA_RADIUS_METERS, areaCenter, isPolygon, type GameLocation, type Point } from '@streethunt/shared';
import { EDITOR_MAP_ZOOM, editorMapCenter, outerRing, polygonToLocation, roundPoint, type AreaMode } from './area-location.ts';
import { DraggablePoint } from './draggable-point.tsx';
import { MapFrame } from '../../../ui/map/map-frame.tsx';

/** A request to show a place (from the places search); a new object each time, even for the same place. */
export type ViewRequest = { center: Point };

export type AreaEditorMapProps = {
  value: GameLocation | null;
  onChange(value: GameLocation | null): void;
  others: readonly GameLocation[];
  mode: AreaMode;
  tileUrl: string;
  view: ViewRequest | null;
  height: number;
};

const VALUE_STYLE: PathOptions = { color: '#c92a2a', weight: 3, opacity: 1, fillOpacity: 0.15 };
const OTHER_STYLE: PathOptions = { color: '#495057', weight: 1, opacity: 0.45, fillOpacity: 0.06, dashArray: '4 4', interactive: false };
const DRAW_LINE_STYLE: PathOptions = { color: '#c92a2a', weight: 2 };
const POINT_SIZE = 22;
const pointIcon = divIcon({ className: 'sh-area-point', iconSize: [POINT_SIZE, POINT_SIZE], iconAnchor: [POINT_SIZE / 2, POINT_SIZE / 2] });

const toLatLng = (p: Point): [number, number] => [p.lat, p.lng];

/**
 * The editor's map (Leaflet, with leaflet-geoman for polygons): the area being edited, every other
 * question's area faintly for context. Loaded lazily by AreaEditor, with Leaflet and geoman.
 */
export default function AreaEditorMap({ value, onChange, others, mode, tileUrl, view, height }: AreaEditorMapProps) {
  const { t } = useTranslation('studio');
  // The map opens once; later it stays where the creator moved it, unless asked (ShowRequested, KeepInView).
  const [center] = useState(() => editorMapCenter(value, others));
  return (
    <MapFrame label={t('fields.area.map')} testId="area-editor-map" height={height}>
      <MapContainer center={toLatLng(center)} zoom={EDITOR_MAP_ZOOM} zoomControl={false} style={{ blockSize: '100%', inlineSize: '100%' }}>
        {tileUrl && <TileLayer url={tileUrl} attribution={t('translation:map.attribution')} maxZoom={19} />}
        <ZoomControl position="topleft" zoomInTitle={t('translation:map.zoomIn')} zoomOutTitle={t('translation:map.zoomOut')} />
        {others.map((area, index) => (
          <AreaShape key={index} area={area} style={OTHER_STYLE} />
        ))}
        {mode === 'point' ? <PointEditing value={value} onChange={onChange} title={t('fields.area.marker')} /> : <PolygonEditing value={value} onChange={onChange} />}
        <ShowRequested view={view} />
        <KeepInView value={value} />
      </MapContainer>
    </MapFrame>
  );
}

/** An area drawn for reference: its polygon, or its arrival circle. Never edited (pmIgnore). */
function AreaShape({ area, style }: { area: GameLocation; style: PathOptions }) {
  // Positions kept while the area is the same object: react-leaflet redraws a polygon given new ones.
  const positions = useMemo(() => (isPolygon(area) ? area.map(toLatLng) : []), [area]);
  if (isPolygon(area)) return <Polygon positions={positions} pathOptions={style} pmIgnore />;
  return <Circle center={toLatLng(area)} radius={AREA_RADIUS_METERS} pathOptions={style} pmIgnore />;
}

/** Point mode: a click puts the point there; the marker drags (or moves by arrow keys). A polygon shows until replaced. */
function PointEditing({ value, onChange, title }: { value: GameLocation | null; onChange(value: GameLocation): void; title: string }) {
  useMapEvent('click', (event) => onChange(roundPoint(event.latlng)));
  if (!value) return null;
  if (isPolygon(value)) return <AreaShape area={value} style={{ ...VALUE_STYLE, interactive: false }} />;
  return (
    <>
      <AreaShape area={value} style={{ ...VALUE_STYLE, weight: 1, fillOpacity: 0.1, interactive: false }} />
      <DraggablePoint position={value} onMove={onChange} icon={pointIcon} title={title} />
    </>
  );
}

/**
 * Area mode: with no polygon yet, geoman draws one (click corners, click the first to close; Enter
 * closes too); with one, its corners drag, and a middle handle adds a corner. The layers are
 * geoman's, made here rather than by react-leaflet, so that the creator's own edit coming back as
 * the new value does not rebuild the layer under the pointer.
 */
function PolygonEditing({ value, onChange }: { value: GameLocation | null; onChange(value: GameLocation | null): void }) {
  const map = useMap();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const polygon = value && isPolygon(value) ? value : null;
  const drawing = polygon === null;
  const key = polygon ? JSON.stringify(polygon) : null;
  const shown = useRef<{ key: string; layer: LeafletPolygon } | null>(null);

  useEffect(() => {
    if (!drawing) return;
    map.pm.enableDraw('Polygon', {
      tooltips: false,
      snappable: false,
      allowSelfIntersection: false,
      finishOnEnter: true,
      templineStyle: DRAW_LINE_STYLE,
      hintlineStyle: { ...DRAW_LINE_STYLE, dashArray: '5 5' },
      pathOptions: VALUE_STYLE,
    });
    const created = ({ layer }: { layer: Layer }) => {
      const ring = outerRing((layer as LeafletPolygon).getLatLngs());
      layer.remove();
      onChangeRef.current(polygonToLocation(ring));
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.disableDraw();
    };
  }, [map, drawing]);

  useEffect(() => {
    if (shown.current?.key === key) return; // the creator's own edit, already on the map
    shown.current?.layer.remove();
    shown.current = null;
    if (!key) return;
    const corners = JSON.parse(key) as Point[];
    const layer = leafletPolygon(corners.map(toLatLng), VALUE_STYLE).addTo(map);
    layer.pm.enable({ allowSelfIntersection: false, snappable: false, removeLayerBelowMinVertexCount: false, draggable: false });
    const current = { key, layer };
    layer.on('pm:edit', () => {
      const next = polygonToLocation(outerRing(layer.getLatLngs()));
      current.key = next && isPolygon(next) ? JSON.stringify(next) : '';
      onChangeRef.current(next);
    });
    shown.current = current;
  }, [map, key]);

  useEffect(
    () => () => {
      shown.current?.layer.remove();
      shown.current = null;
    },
    [],
  );
  // A point set before switching to area mode stays in sight until a polygon replaces it.
  return value && !isPolygon(value) ? <AreaShape area={value} style={{ ...VALUE_STYLE, weight: 1, fillOpacity: 0.1, interactive: false }} /> : null;
}

/** Moves the map to a place chosen in the places search. */
function ShowRequested({ view }: { view: ViewRequest | null }) {
  const map = useMap();
  useEffect(() => {
    if (view) map.setView(toLatLng(view.center), Math.max(map.getZoom(), EDITOR_MAP_ZOOM));
  }, [map, view]);
  return null;
}

/** A value set from elsewhere (another question selected, typed coordinates) is brought into view. */
function KeepInView({ value }: { value: GameLocation | null }) {
  const map = useMap();
  useEffect(() => {
    if (!value) return;
    const points = isPolygon(value) ? value : [value];
    const bounds = map.getBounds();
    if (!points.every((p) => bounds.contains(toLatLng(p)))) map.panTo(toLatLng(areaCenter(value)));
  }, [map, value]);
  return null;
}
