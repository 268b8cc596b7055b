/**
 * A round marker on the screen: its centre in pixels and its radius (with any ring drawn around it).
 * A `fixed` disc (the player's dot) never moves; the others keep clear of it.
 */
export type Disc = { x: number; y: number; r: number; fixed?: boolean };
export type Offset = { dx: number; dy: number };

/** The golden angle: two markers on the very same point part in a different direction for each pair. */
const GOLDEN_ANGLE = 2.399963229728653;

/**
 * How far to move each marker so that none covers another (`gap` pixels between edges): each
 * overlapping pair is pushed apart along the line between them, half each (all of it for the one that
 * is not fixed; two fixed discs stay as they are), a few rounds until nothing overlaps. Markers that do not touch keep their place (offset 0). Pure, so it is tested on its own;
 * the map runs it again on every zoom, since overlaps depend on the scale.
 */
export function spreadMarkers(discs: Disc[], gap = 3, rounds = 12): Offset[] {
  const at = discs.map((d) => ({ x: d.x, y: d.y }));
  for (let round = 0; round < rounds; round++) {
    let moved = false;
    for (let i = 0; i < discs.length; i++) {
      for (let j = i + 1; j < discs.length; j++) {
        const iMoves = !discs[i].fixed;
        const jMoves = !discs[j].fixed;
        if (!iMoves && !jMoves) continue;
        const need = discs[i].r + discs[j].r + gap;
        let ux = at[j].x - at[i].x;
        let uy = at[j].y - at[i].y;
        const distance = Math.hypot(ux, uy);
        if (distance >= need - 0.01) continue;
        if (distance < 1e-6) {
          const angle = (i + j + 1) * GOLDEN_ANGLE;
          ux = Math.cos(angle);
          uy = Math.sin(angle);
        } else {
          ux /= distance;
          uy /= distance;
        }
        const overlap = need - distance;
        const iShare = iMoves && jMoves ? 0.5 : iMoves ? 1 : 0;
        const jShare = 1 - iShare;
        at[i].x -= ux * overlap * iShare;
        at[i].y -= uy * overlap * iShare;
        at[j].x += ux * overlap * jShare;
        at[j].y += uy * overlap * jShare;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return at.map((p, index) => ({ dx: p.x - discs[index].x, dy: p.y - discs[index].y }));
}
