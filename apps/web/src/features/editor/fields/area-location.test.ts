import { describe, expect, it } from 'vitest';
import { distanceMeters, editorLocationSchema, type GameLocation, type Point } from '@streethunt/shared';
import { DEFAULT_EDITOR_CENTER, areaModeOf, editorMapCenter, nudgePoint, outerRing, polygonToLocation, roundPoint } from './area-location.ts';

const a: Point = { lat: 32.0853, lng: 34.7818 };
const b: Point = { lat: 32.0862, lng: 34.7818 };
const c: Point = { lat: 32.0862, lng: 34.7827 };
const square: Point[] = [a, b, c, { lat: 32.0853, lng: 34.7827 }];

describe('editorMapCenter', () => {
  it('opens on the area being edited: the point, or the middle of the polygon', () => {
    expect(editorMapCenter(a, [c])).toEqual(a);
    const middle = editorMapCenter(square, []);
    expect(middle.lat).toBeCloseTo(32.08575, 5);
    expect(middle.lng).toBeCloseTo(34.78225, 5);
  });

  it('else on the first other area, else on the spec’s default centre', () => {
    expect(editorMapCenter(null, [c, a])).toEqual(c);
    expect(editorMapCenter(undefined, [])).toEqual(DEFAULT_EDITOR_CENTER);
    expect(DEFAULT_EDITOR_CENTER).toEqual({ lat: 32.085744, lng: 34.795196 });
  });
});

describe('polygonToLocation', () => {
  it('keeps 3 or more corners as a polygon, rounded to 6 decimals', () => {
    expect(polygonToLocation([{ lat: 32.08530001, lng: 34.78180004 }, b, c])).toEqual([a, b, c]);
  });

  it('keeps fewer than 3 corners as the first point, and none as no location, as the shared schema does', () => {
    expect(polygonToLocation([a, b])).toEqual(a);
    expect(polygonToLocation([a])).toEqual(a);
    expect(polygonToLocation([])).toBeNull();
    for (const ring of [[a, b], [a], [a, b, c]]) {
      expect(polygonToLocation(ring)).toEqual(editorLocationSchema.parse(ring));
    }
  });

  it('drops repeated corners and a closing copy of the first before counting', () => {
    expect(polygonToLocation([a, a, b, b, a])).toEqual(a);
    expect(polygonToLocation([a, b, c, a])).toEqual([a, b, c]);
  });
});

describe('outerRing', () => {
  it('takes the outer ring of Leaflet’s nested or flat lists, as plain points', () => {
    const latLng = (p: Point) => ({ ...p, alt: undefined, equals: () => false });
    expect(outerRing([[latLng(a), latLng(b), latLng(c)]])).toEqual([a, b, c]);
    expect(outerRing([[[latLng(a), latLng(b), latLng(c)]]])).toEqual([a, b, c]);
    expect(outerRing([latLng(a), latLng(b)])).toEqual([a, b]);
    expect(outerRing(null)).toEqual([]);
  });
});

describe('areaModeOf', () => {
  it('edits a polygon as an area and anything else as a point', () => {
    const values: Array<GameLocation | null | undefined> = [square, a, null, undefined];
    expect(values.map(areaModeOf)).toEqual(['polygon', 'point', 'point', 'point']);
  });
});

describe('nudgePoint', () => {
  it('moves north, south, east and west by the meters asked, whatever the page direction', () => {
    const up = nudgePoint(a, 'ArrowUp', 10)!;
    expect(distanceMeters(a, up)).toBeCloseTo(10, 0);
    expect(up.lat).toBeGreaterThan(a.lat);
    expect(nudgePoint(a, 'ArrowDown', 10)!.lat).toBeLessThan(a.lat);
    const east = nudgePoint(a, 'ArrowRight', 20)!;
    expect(east.lng).toBeGreaterThan(a.lng);
    expect(east.lat).toBe(a.lat);
    expect(distanceMeters(a, east)).toBeCloseTo(20, 0);
    expect(nudgePoint(a, 'ArrowLeft', 20)!.lng).toBeLessThan(a.lng);
  });

  it('ignores other keys', () => {
    expect(nudgePoint(a, 'Enter', 10)).toBeNull();
    expect(nudgePoint(a, 'a', 10)).toBeNull();
  });
});

describe('roundPoint', () => {
  it('keeps about 10 cm', () => {
    expect(roundPoint({ lat: 32.123456789, lng: 34.7818004 })).toEqual({ lat: 32.123457, lng: 34.7818 });
  });
});
