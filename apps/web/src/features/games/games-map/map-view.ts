import { distanceMeters, type GameListItem, type Point } from '@streethunt/shared';

/** A game that has a start point, so a marker on the map. */
export type PlacedGame = { id: string; name: string; lat: number; lng: number };

/** How many of the nearest games the first view shows around the visitor. */
const NEAREST_IN_VIEW = 5;

/** The games with a start point, in the list's order (the API sorts 'near me' by distance). */
export function placedGames(games: readonly GameListItem[]): PlacedGame[] {
  return games.flatMap((game) => (game.start ? [{ id: game._id, name: game.metadata.name, lat: game.start.lat, lng: game.start.lng }] : []));
}

/**
 * The points the view fits: the visitor and the nearest few games (by the API's distance, else
 * measured here), or every game when there is no visitor.
 */
export function viewPoints(games: readonly GameListItem[], center: Point | null, nearest = NEAREST_IN_VIEW): Point[] {
  const placed = games.filter((game): game is GameListItem & { start: Point } => game.start !== null);
  if (!center) return placed.map((game) => ({ lat: game.start.lat, lng: game.start.lng }));
  const byDistance = placed
    .map((game) => ({ point: game.start, meters: game.distanceMeters ?? distanceMeters(center, game.start) }))
    .sort((a, b) => a.meters - b.meters)
    .slice(0, nearest)
    .map(({ point }) => ({ lat: point.lat, lng: point.lng }));
  return [{ lat: center.lat, lng: center.lng }, ...byDistance];
}
