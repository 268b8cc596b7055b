import { areaCenter, isPolygon, type GameLocation, type Point } from '@streethunt/shared';

/** Spec section 9: the editor's map opens at zoom 18, on this point when nothing else says where. */
export const EDITOR_MAP_ZOOM = 18;
export const DEFAULT_EDITOR_CENTER: Point = { lat: 32.085744, lng: 34.795196 };

export type AreaMode = 'point' | 'polygon';

/** Six decimals: about 10 cm, finer than any GPS on foot, and short to store. */
export function roundPoint({ lat, lng }: Point): Point {
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/** Where the editor's map opens: on the area being edited, else on another question's, else the default. */
export function editorMapCenter(value: GameLocation | null | undefined, others: readonly GameLocation[]): Point {
  if (value) return areaCenter(value);
  if (others.length > 0) return areaCenter(others[0]);
  return DEFAULT_EDITOR_CENTER;
}

/** The mode an area is edited in: a polygon as an area, anything else as a point. */
export function areaModeOf(value: GameLocation | null | undefined): AreaMode {
  return value && isPolygon(value) ? 'polygon' : 'point';
}

const samePoint = (a: Point, b: Point) => a.lat === b.lat && a.lng === b.lng;

/**
 * A drawn ring as the game stores it: rounded, without repeated corners or a closing copy of the
 * first; fewer than 3 corners are kept as the first point (spec section 5, editorLocationSchema), and
 * none as no location.
 */
export function polygonToLocation(points: readonly Point[]): GameLocation | null {
  const corners: Point[] = [];
  for (const point of points.map(roundPoint)) {
    if (corners.length === 0 || !samePoint(corners[corners.length - 1], point)) corners.push(point);
  }
  while (corners.length > 1 && samePoint(corners[0], corners[corners.length - 1])) corners.pop();
  if (corners.length === 0) return null;
  return corners.length < 3 ? corners[0] : corners;
}

/** Leaflet's getLatLngs() of a polygon: its outer ring, whatever the nesting. */
export function outerRing(latLngs: unknown): Point[] {
  let ring = latLngs;
  while (Array.isArray(ring) && Array.isArray(ring[0])) ring = ring[0];
  return Array.isArray(ring) ? (ring as Point[]).map(({ lat, lng }) => ({ lat, lng })) : [];
}

const METERS_PER_DEGREE_LAT = 111_195;
const ARROWS: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };

/**
 * A point moved `meters` by an arrow key (up is north, right is east: a map is not mirrored in
 * right-to-left), or null for any other key. How keyboard users move a marker they cannot drag.
 */
export function nudgePoint(point: Point, key: string, meters: number): Point | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const [north, east] = arrow;
  const metersPerDegreeLng = METERS_PER_DEGREE_LAT * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  return roundPoint({ lat: point.lat + (north * meters) / METERS_PER_DEGREE_LAT, lng: point.lng + (east * meters) / metersPerDegreeLng });
}

/** Coordinates as the summary line shows them (5 decimals, about a meter). */
export function formatCoordinate(value: number): string {
  return value.toFixed(5);
}
