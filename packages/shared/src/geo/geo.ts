import type { GameLocation, Point } from '../schemas/game.ts';

/** A point area counts as reached within this many meters of it (DESIGN.md section 4). */
export const AREA_RADIUS_METERS = 30;

/** Mean Earth radius (IUGG), in meters. */
const EARTH_RADIUS_METERS = 6_371_008.8;

/** A position as the browser reports it: accuracy is the radius (meters) of its 95% confidence circle. */
export type GeoPosition = { lat: number; lng: number; accuracy?: number };

const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

export function isPolygon(location: GameLocation): location is Point[] {
  return Array.isArray(location);
}

/** Great-circle distance in meters (haversine). */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees: 0 = north, clockwise, in [0, 360). */
export function bearingDegrees(a: Point, b: Point): number {
  const lat1 = toRadians(a.lat);
  const lat2 = toRadians(b.lat);
  const dLng = toRadians(b.lng - a.lng);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/** The nearest of the eight compass points to a bearing. */
export function compassPoint(bearing: number): CompassPoint {
  const normalized = ((bearing % 360) + 360) % 360;
  return COMPASS_POINTS[Math.round(normalized / 45) % 8];
}

/**
 * Meters east (x) and north (y) of `origin`: a flat map around the player, exact enough at the scale
 * of a street game (errors well under a meter over a few kilometers).
 */
function toPlane(origin: Point, point: Point): { x: number; y: number } {
  const metersPerDegree = (Math.PI * EARTH_RADIUS_METERS) / 180;
  let dLng = point.lng - origin.lng;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  return { x: dLng * metersPerDegree * Math.cos(toRadians(origin.lat)), y: (point.lat - origin.lat) * metersPerDegree };
}

/** The middle of an area: the point itself, or the polygon's centroid (its vertices' mean when it has no area). */
export function areaCenter(location: GameLocation): Point {
  if (!isPolygon(location)) return { lat: location.lat, lng: location.lng };
  const origin = location[0];
  const points = location.map((p) => toPlane(origin, p));
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    const cross = p.x * q.y - q.x * p.y;
    twiceArea += cross;
    cx += (p.x + q.x) * cross;
    cy += (p.y + q.y) * cross;
  }
  if (Math.abs(twiceArea) < 1e-6) {
    const lat = location.reduce((sum, p) => sum + p.lat, 0) / location.length;
    const lng = location.reduce((sum, p) => sum + p.lng, 0) / location.length;
    return { lat, lng };
  }
  const x = cx / (3 * twiceArea);
  const y = cy / (3 * twiceArea);
  const metersPerDegree = (Math.PI * EARTH_RADIUS_METERS) / 180;
  return {
    lat: origin.lat + y / metersPerDegree,
    lng: origin.lng + x / (metersPerDegree * Math.cos(toRadians(origin.lat))),
  };
}

/** Ray casting: whether the point lies inside the polygon (on an edge counts as either). */
export function isInsidePolygon(point: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.lat > point.lat !== b.lat > point.lat) {
      const lngAtLat = ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
      if (point.lng < lngAtLat) inside = !inside;
    }
  }
  return inside;
}

/** Meters from the point to the nearest edge of the polygon (also when the point is inside). */
export function distanceToPolygonEdge(point: Point, polygon: Point[]): number {
  let best = Infinity;
  for (let i = 0; i < polygon.length; i++) {
    const a = toPlane(point, polygon[i]);
    const b = toPlane(point, polygon[(i + 1) % polygon.length]);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    // The point is the plane's origin: project it on the segment a-b.
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(a.x + t * dx, a.y + t * dy));
  }
  return best;
}

function accuracyOf(position: GeoPosition): number {
  const accuracy = position.accuracy;
  return typeof accuracy === 'number' && Number.isFinite(accuracy) && accuracy > 0 ? accuracy : 0;
}

/**
 * Whether the player has reached the area. GPS on foot is poor, so the reported accuracy counts in the
 * player's favour: a point area is reached within `radiusMeters` plus the accuracy; a polygon when the
 * position is inside it or within the accuracy of its nearest edge.
 */
export function isInsideArea(position: GeoPosition, location: GameLocation, radiusMeters: number = AREA_RADIUS_METERS): boolean {
  const accuracy = accuracyOf(position);
  if (!isPolygon(location)) return distanceMeters(position, location) <= radiusMeters + accuracy;
  return isInsidePolygon(position, location) || distanceToPolygonEdge(position, location) <= accuracy;
}

/**
 * How far the player still has to walk, in meters: 0 inside a polygon, else the distance to its
 * nearest edge; for a point area the distance to it less the area's radius; never below 0.
 */
export function distanceToArea(position: Point, location: GameLocation, radiusMeters: number = AREA_RADIUS_METERS): number {
  if (!isPolygon(location)) return Math.max(0, distanceMeters(position, location) - radiusMeters);
  if (isInsidePolygon(position, location)) return 0;
  return distanceToPolygonEdge(position, location);
}

/** Latitudes and longitude ranges (degrees) that hold every point within a distance of a centre. */
export type BoundingBox = { minLat: number; maxLat: number; lngRanges: Array<[number, number]> };

/**
 * The box around a circle on the sphere: a cheap first filter on indexed latitude and longitude before
 * the exact distance ('near me'). Across a pole every longitude counts; across the antimeridian the
 * longitudes split into two ranges.
 */
export function boundingBox(center: Point, radiusMeters: number): BoundingBox {
  const angular = radiusMeters / EARTH_RADIUS_METERS;
  const minLat = center.lat - toDegrees(angular);
  const maxLat = center.lat + toDegrees(angular);
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lngRanges: [[-180, 180]] };
  // The widest longitude span of the circle (at the latitude where it touches its meridians).
  const dLng = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(center.lat)))));
  const minLng = center.lng - dLng;
  const maxLng = center.lng + dLng;
  if (dLng >= 180) return { minLat, maxLat, lngRanges: [[-180, 180]] };
  if (minLng < -180) return { minLat, maxLat, lngRanges: [[minLng + 360, 180], [-180, maxLng]] };
  if (maxLng > 180) return { minLat, maxLat, lngRanges: [[minLng, 180], [-180, maxLng - 360]] };
  return { minLat, maxLat, lngRanges: [[minLng, maxLng]] };
}
