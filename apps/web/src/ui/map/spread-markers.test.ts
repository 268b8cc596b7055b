import { describe, expect, it } from 'vitest';
import { spreadMarkers, type Disc } from './spread-markers.ts';

const moved = (discs: Disc[], gap = 3) => spreadMarkers(discs, gap).map((o, i) => ({ x: discs[i].x + o.dx, y: discs[i].y + o.dy, r: discs[i].r }));

function overlaps(discs: Disc[], gap: number): boolean {
  for (let i = 0; i < discs.length; i++) {
    for (let j = i + 1; j < discs.length; j++) {
      if (Math.hypot(discs[i].x - discs[j].x, discs[i].y - discs[j].y) < discs[i].r + discs[j].r + gap - 0.5) return true;
    }
  }
  return false;
}

describe('spreadMarkers', () => {
  it('leaves markers that do not touch where they are', () => {
    expect(spreadMarkers([{ x: 0, y: 0, r: 14 }, { x: 100, y: 0, r: 14 }])).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  it('pushes two close markers apart along the line between them, half each', () => {
    // The demo map game: the start and question 1 are about 9 px apart at zoom 15.
    const [a, b] = spreadMarkers([{ x: 0, y: 0, r: 14 }, { x: 9, y: 0, r: 17 }], 3);
    expect(a.dy).toBeCloseTo(0);
    expect(b.dy).toBeCloseTo(0);
    expect(a.dx).toBeCloseTo(-(14 + 17 + 3 - 9) / 2);
    expect(b.dx).toBeCloseTo((14 + 17 + 3 - 9) / 2);
  });

  it('parts markers on the very same point', () => {
    const discs = [
      { x: 50, y: 50, r: 14 },
      { x: 50, y: 50, r: 14 },
    ];
    expect(overlaps(moved(discs), 3)).toBe(false);
  });

  it("moves markers off the player's dot, which stays where it is", () => {
    const dot = { x: 0, y: 0, r: 11, fixed: true };
    const [d, one] = spreadMarkers([dot, { x: 2, y: 0, r: 17 }], 3);
    expect(d).toEqual({ dx: 0, dy: 0 });
    expect(one.dx).toBeCloseTo(11 + 17 + 3 - 2);
    expect(spreadMarkers([dot, { ...dot }])).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  it('untangles a cluster of several markers, moving each no further than needed', () => {
    const discs = [
      { x: 0, y: 0, r: 14 },
      { x: 5, y: 3, r: 17 },
      { x: -4, y: 6, r: 14 },
      { x: 2, y: -5, r: 14 },
      { x: 200, y: 200, r: 14 },
      { x: 1, y: 1, r: 11, fixed: true },
    ];
    const after = moved(discs);
    expect(overlaps(after, 3)).toBe(false);
    expect(after[4]).toEqual(discs[4]);
    expect(after[5]).toMatchObject({ x: 1, y: 1 });
    for (const [i, disc] of after.entries()) expect(Math.hypot(disc.x - discs[i].x, disc.y - discs[i].y)).toBeLessThan(60);
  });
});
