import { describe, expect, it } from 'vitest';
import { boundsOf, latToTileY, lngToTileX, padBounds, tileCount, tilesInBounds, tileUrl } from './tiles.ts';

describe('tile math', () => {
  it('finds the tile of a point as OpenStreetMap numbers them', () => {
    // London at zoom 10 is tile 511/340, the usual worked example of the OSM wiki's formula.
    expect([lngToTileX(-0.1278, 10), latToTileY(51.5074, 10)]).toEqual([511, 340]);
    expect([lngToTileX(34.7745, 15), latToTileY(32.0636, 15)]).toEqual([19549, 13300]);
    expect([lngToTileX(-180, 0), latToTileY(0, 0)]).toEqual([0, 0]);
    expect(lngToTileX(180, 3)).toBe(7);
    expect(latToTileY(89.9, 3)).toBe(0);
    expect(latToTileY(-89.9, 3)).toBe(7);
  });

  it('lists the tiles of a box, row by row, and counts them alike', () => {
    const bounds = { south: 32.06, north: 32.07, west: 34.77, east: 34.78 };
    const tiles = tilesInBounds(bounds, 16);
    expect(tiles.length).toBe(tileCount(bounds, 16));
    expect(tiles[0]).toEqual({ z: 16, x: lngToTileX(34.77, 16), y: latToTileY(32.07, 16) });
    expect(tiles.at(-1)).toEqual({ z: 16, x: lngToTileX(34.78, 16), y: latToTileY(32.06, 16) });
    expect(new Set(tiles.map((t) => `${t.x}/${t.y}`)).size).toBe(tiles.length);
  });

  it('bounds points and grows the box by meters', () => {
    expect(boundsOf([])).toBeNull();
    const box = boundsOf([{ lat: 32, lng: 34 }, { lat: 32.01, lng: 34.02 }]);
    expect(box).toEqual({ south: 32, north: 32.01, west: 34, east: 34.02 });
    const padded = padBounds(box!, 1113.2);
    expect(padded.south).toBeCloseTo(31.99, 4);
    expect(padded.north).toBeCloseTo(32.02, 4);
    expect(padded.west).toBeLessThan(34 - 0.01);
  });

  it('fills a Leaflet template as Leaflet does', () => {
    expect(tileUrl('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 15, x: 1, y: 1 })).toBe('https://c.tile.openstreetmap.org/15/1/1.png');
    expect(tileUrl('http://127.0.0.1:9/{z}/{x}/{y}{r}.png', { z: 3, x: 2, y: 5 })).toBe('http://127.0.0.1:9/3/2/5.png');
  });
});
