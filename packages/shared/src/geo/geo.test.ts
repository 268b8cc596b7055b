import { describe, expect, it } from 'vitest';
import type { Point } from '../schemas/game.ts';
import {
  AREA_RADIUS_METERS,
  areaCenter,
  bearingDegrees,
  compassPoint,
  distanceMeters,
  distanceToArea,
  distanceToPolygonEdge,
  isInsideArea,
  isInsidePolygon,
} from './geo.ts';

/** Meters per degree of latitude on our sphere. */
const M_PER_DEG = 111_195.08;
/** A point `north` and `east` meters from `origin` (flat-earth, fine at these scales). */
function offset(origin: Point, north: number, east: number): Point {
  return { lat: origin.lat + north / M_PER_DEG, lng: origin.lng + east / (M_PER_DEG * Math.cos((origin.lat * Math.PI) / 180)) };
}

const dizengoffSquare: Point = { lat: 32.077_85, lng: 34.774_12 };
// A 100 m x 100 m square whose south-west corner is Dizengoff Square.
const square: Point[] = [dizengoffSquare, offset(dizengoffSquare, 100, 0), offset(dizengoffSquare, 100, 100), offset(dizengoffSquare, 0, 100)];

describe('distanceMeters', () => {
  it('is 0 between a point and itself and symmetric', () => {
    expect(distanceMeters(dizengoffSquare, dizengoffSquare)).toBe(0);
    const jaffaClockTower = { lat: 32.0504, lng: 34.7561 };
    expect(distanceMeters(dizengoffSquare, jaffaClockTower)).toBeCloseTo(distanceMeters(jaffaClockTower, dizengoffSquare), 6);
  });

  it('matches known distances', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(M_PER_DEG, 0);
    // Dizengoff Square to the Jaffa clock tower: about 3.5 km.
    const d = distanceMeters(dizengoffSquare, { lat: 32.0504, lng: 34.7561 });
    expect(d).toBeGreaterThan(3_400);
    expect(d).toBeLessThan(3_500);
    expect(distanceMeters(dizengoffSquare, offset(dizengoffSquare, 30, 40))).toBeCloseTo(50, 1);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMeters({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(0.2 * M_PER_DEG, -1);
  });
});

describe('bearingDegrees and compassPoint', () => {
  it('gives 0 to the north and grows clockwise', () => {
    expect(bearingDegrees(dizengoffSquare, offset(dizengoffSquare, 100, 0))).toBeCloseTo(0, 3);
    expect(bearingDegrees(dizengoffSquare, offset(dizengoffSquare, 0, 100))).toBeCloseTo(90, 1);
    expect(bearingDegrees(dizengoffSquare, offset(dizengoffSquare, -100, 0))).toBeCloseTo(180, 3);
    expect(bearingDegrees(dizengoffSquare, offset(dizengoffSquare, 0, -100))).toBeCloseTo(270, 1);
    expect(bearingDegrees(dizengoffSquare, offset(dizengoffSquare, 100, 100))).toBeCloseTo(45, 1);
    const b = bearingDegrees(dizengoffSquare, offset(dizengoffSquare, 100, -1));
    expect(b).toBeGreaterThanOrEqual(0);
    expect(b).toBeLessThan(360);
    expect(b).toBeGreaterThan(359);
  });

  it.each([
    [0, 'N'],
    [22.4, 'N'],
    [22.6, 'NE'],
    [45, 'NE'],
    [90, 'E'],
    [135, 'SE'],
    [180, 'S'],
    [225, 'SW'],
    [270, 'W'],
    [315, 'NW'],
    [337.6, 'N'],
    [359.9, 'N'],
    [360, 'N'],
    [-90, 'W'],
    [450, 'E'],
  ] as const)('%s degrees is %s', (bearing, expected) => {
    expect(compassPoint(bearing)).toBe(expected);
  });
});

describe('areaCenter', () => {
  it('is the point itself for a point area', () => {
    expect(areaCenter({ lat: 32.1, lng: 34.8 })).toEqual({ lat: 32.1, lng: 34.8 });
  });

  it('is the centroid of a polygon, whatever the winding', () => {
    const expected = offset(dizengoffSquare, 50, 50);
    for (const polygon of [square, [...square].reverse()]) {
      const center = areaCenter(polygon);
      expect(distanceMeters(center, expected)).toBeLessThan(0.5);
    }
  });

  it('weights by area, not by vertex count', () => {
    // Extra vertices along one edge do not pull the centre towards it.
    const dense = [square[0], offset(dizengoffSquare, 25, 0), offset(dizengoffSquare, 50, 0), offset(dizengoffSquare, 75, 0), ...square.slice(1)];
    expect(distanceMeters(areaCenter(dense), offset(dizengoffSquare, 50, 50))).toBeLessThan(0.5);
  });

  it('falls back to the mean of the vertices of a flat polygon', () => {
    const line = [dizengoffSquare, offset(dizengoffSquare, 0, 10), offset(dizengoffSquare, 0, 20)];
    expect(distanceMeters(areaCenter(line), offset(dizengoffSquare, 0, 10))).toBeLessThan(0.01);
  });
});

describe('isInsideArea', () => {
  const point = dizengoffSquare;

  it('reaches a point area within its radius', () => {
    expect(AREA_RADIUS_METERS).toBe(30);
    expect(isInsideArea(offset(point, 29, 0), point)).toBe(true);
    expect(isInsideArea(offset(point, 31, 0), point)).toBe(false);
    expect(isInsideArea(offset(point, 45, 0), point, 50)).toBe(true);
  });

  it('counts the reported accuracy in the player’s favour around a point', () => {
    expect(isInsideArea({ ...offset(point, 50, 0), accuracy: 25 }, point)).toBe(true);
    expect(isInsideArea({ ...offset(point, 60, 0), accuracy: 25 }, point)).toBe(false);
    // Nonsense accuracy is ignored rather than trusted.
    expect(isInsideArea({ ...offset(point, 50, 0), accuracy: Number.NaN }, point)).toBe(false);
    expect(isInsideArea({ ...offset(point, 50, 0), accuracy: -100 }, point)).toBe(false);
  });

  it('reaches a polygon inside it, or within the accuracy of its nearest edge', () => {
    expect(isInsideArea(offset(dizengoffSquare, 50, 50), square)).toBe(true);
    expect(isInsideArea(offset(dizengoffSquare, 1, 99), square)).toBe(true);
    const outside = offset(dizengoffSquare, 50, 120); // 20 m east of the east edge
    expect(isInsideArea(outside, square)).toBe(false);
    expect(isInsideArea({ ...outside, accuracy: 10 }, square)).toBe(false);
    expect(isInsideArea({ ...outside, accuracy: 21 }, square)).toBe(true);
  });

  it('does not add the point radius to polygons', () => {
    expect(isInsideArea(offset(dizengoffSquare, 50, 110), square)).toBe(false);
  });

  it('handles a concave polygon', () => {
    // An L shape: the notch (60..100 north, 60..100 east) is outside.
    const o = dizengoffSquare;
    const l = [o, offset(o, 100, 0), offset(o, 100, 60), offset(o, 60, 60), offset(o, 60, 100), offset(o, 0, 100)];
    expect(isInsidePolygon(offset(o, 80, 30), l)).toBe(true);
    expect(isInsidePolygon(offset(o, 30, 80), l)).toBe(true);
    expect(isInsidePolygon(offset(o, 80, 80), l)).toBe(false);
    expect(isInsideArea(offset(o, 80, 80), l)).toBe(false);
    expect(isInsideArea({ ...offset(o, 80, 80), accuracy: 20 }, l)).toBe(true);
  });
});

describe('distanceToArea', () => {
  it('is the distance to a point less its radius, never below 0', () => {
    expect(distanceToArea(offset(dizengoffSquare, 130, 0), dizengoffSquare)).toBeCloseTo(100, 0);
    expect(distanceToArea(offset(dizengoffSquare, 10, 0), dizengoffSquare)).toBe(0);
  });

  it('is 0 inside a polygon and the distance to the nearest edge outside', () => {
    expect(distanceToArea(offset(dizengoffSquare, 50, 50), square)).toBe(0);
    expect(distanceToArea(offset(dizengoffSquare, 50, 120), square)).toBeCloseTo(20, 0);
    // Beyond a corner: the distance to that corner.
    expect(distanceToArea(offset(dizengoffSquare, 130, 140), square)).toBeCloseTo(50, 0);
    expect(distanceToPolygonEdge(offset(dizengoffSquare, 50, 10), square)).toBeCloseTo(10, 0);
  });
});
