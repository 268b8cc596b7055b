import type { Point } from '../schemas/game.ts';

/** One slippy-map tile (the Web Mercator scheme OpenStreetMap and Leaflet use). */
export type Tile = { z: number; x: number; y: number };

/** A box of the map in degrees: south-west and north-east corners. */
export type Bounds = { south: number; west: number; north: number; east: number };

/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.05112878;

const clampIndex = (value: number, z: number) => Math.min(2 ** z - 1, Math.max(0, value));

/** The column of the tile holding longitude `lng` at zoom `z`. */
export function lngToTileX(lng: number, z: number): number {
  return clampIndex(Math.floor(((lng + 180) / 360) * 2 ** z), z);
}

/** The row of the tile holding latitude `lat` at zoom `z` (row 0 is the north). */
export function latToTileY(lat: number, z: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const radians = (clamped * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * 2 ** z;
  return clampIndex(Math.floor(y), z);
}

/** The smallest box holding every point, or null for none. */
export function boundsOf(points: readonly Point[]): Bounds | null {
  if (points.length === 0) return null;
  return {
    south: Math.min(...points.map((p) => p.lat)),
    north: Math.max(...points.map((p) => p.lat)),
    west: Math.min(...points.map((p) => p.lng)),
    east: Math.max(...points.map((p) => p.lng)),
  };
}

/** The box grown by `meters` on every side (a walker looks a little beyond the game's areas). */
export function padBounds(bounds: Bounds, meters: number): Bounds {
  const dLat = meters / 111_320;
  const middle = ((bounds.south + bounds.north) / 2) * (Math.PI / 180);
  const dLng = meters / (111_320 * Math.max(0.01, Math.cos(middle)));
  return {
    south: Math.max(-MAX_LATITUDE, bounds.south - dLat),
    north: Math.min(MAX_LATITUDE, bounds.north + dLat),
    west: Math.max(-180, bounds.west - dLng),
    east: Math.min(180, bounds.east + dLng),
  };
}

/** How many tiles cover the box at zoom `z`. */
export function tileCount(bounds: Bounds, z: number): number {
  const columns = lngToTileX(bounds.east, z) - lngToTileX(bounds.west, z) + 1;
  const rows = latToTileY(bounds.south, z) - latToTileY(bounds.north, z) + 1;
  return columns * rows;
}

/** Every tile covering the box at zoom `z`, row by row from the north-west. */
export function tilesInBounds(bounds: Bounds, z: number): Tile[] {
  const tiles: Tile[] = [];
  for (let y = latToTileY(bounds.north, z); y <= latToTileY(bounds.south, z); y++) {
    for (let x = lngToTileX(bounds.west, z); x <= lngToTileX(bounds.east, z); x++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** Leaflet's default subdomains for `{s}`. */
const SUBDOMAINS = 'abc';

/**
 * A tile's URL from a Leaflet template (`https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`), filled as
 * Leaflet fills it: the same subdomain for the same tile, `{r}` empty (no retina tiles asked). The
 * pack keeps exactly the URLs the map will ask for, so the service worker finds them.
 */
export function tileUrl(template: string, { z, x, y }: Tile): string {
  return template
    .replaceAll('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length])
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{r}', '');
}
