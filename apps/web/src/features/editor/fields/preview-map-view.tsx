import './map-handles.css';
import { useEffect, useRef } from 'react';
import { divIcon, type PathOptions } from 'leaflet';
import { Circle, Pane, Polygon, useMap } from 'react-leaflet';
import { AREA_RADIUS_METERS, areaCenter, isInsideArea, isPolygon, type GameLocation, type Point } from '@streethunt/shared';
import GameMap, { type GameMapProps } from '../../../ui/map/game-map.tsx';
import { DraggablePoint } from './draggable-point.tsx';
import { midpoint } from './preview-position.ts';

export type PreviewMapViewProps = Omit<GameMapProps, 'position' | 'children'> & {
  position: Point;
  onMove(point: Point): void;
  /** The current question's area, lit up when the simulated player is inside it. */
  target: GameLocation | null;
  /** Changes when the preview moves to another question: the map then shows its area and the player. */
  focusKey: string;
  markerTitle: string;
};

/** Above the player's dot (640), so the ring around it is what the pointer grabs. */
const SIMULATED_PANE_Z = 650;
const SIMULATED_SIZE = 40;
const simulatedIcon = divIcon({ className: 'sh-simulated-player', iconSize: [SIMULATED_SIZE, SIMULATED_SIZE], iconAnchor: [SIMULATED_SIZE / 2, SIMULATED_SIZE / 2] });
const ARRIVED_STYLE: PathOptions = { color: '#087f5b', weight: 5, opacity: 1, fillColor: '#20c997', fillOpacity: 0.35, interactive: false };
const toLatLng = (p: Point): [number, number] => [p.lat, p.lng];

/**
 * The player's own map, with a draggable simulated player in place of GPS. Loaded lazily by
 * PreviewMap, with Leaflet.
 */
export default function PreviewMapView({ position, onMove, target, focusKey, markerTitle, ...map }: PreviewMapViewProps) {
  const inside = target !== null && isInsideArea(position, target);
  return (
    <GameMap {...map} position={position}>
      {inside && <ArrivedArea area={target} />}
      <Pane name="sh-simulated" style={{ zIndex: SIMULATED_PANE_Z }}>
        <DraggablePoint position={position} onMove={onMove} icon={simulatedIcon} title={markerTitle} pane="sh-simulated" />
      </Pane>
      <ShowQuestion focusKey={focusKey} position={position} target={target} />
    </GameMap>
  );
}

/** The current area lit up, as the player sees it on arrival. */
function ArrivedArea({ area }: { area: GameLocation }) {
  if (isPolygon(area)) return <Polygon positions={area.map(toLatLng)} pathOptions={ARRIVED_STYLE} />;
  return <Circle center={toLatLng(area)} radius={AREA_RADIUS_METERS} pathOptions={ARRIVED_STYLE} />;
}

/** On another question, centres between the simulated player and the question's area. */
function ShowQuestion({ focusKey, position, target }: { focusKey: string; position: Point; target: GameLocation | null }) {
  const map = useMap();
  const centre = target ? midpoint(position, areaCenter(target)) : position;
  const latest = useRef(centre);
  useEffect(() => {
    latest.current = centre;
  });
  // Only when the question changes: in between, the map is the creator's to move.
  useEffect(() => {
    map.setView(toLatLng(latest.current), map.getZoom());
  }, [map, focusKey]);
  return null;
}
