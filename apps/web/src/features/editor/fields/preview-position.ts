import { AREA_RADIUS_METERS, areaCenter, distanceMeters, isPolygon, type GameLocation, type GameReply, type Point } from '@streethunt/shared';
import { DEFAULT_EDITOR_CENTER, roundPoint } from './area-location.ts';

/** How far outside the area the simulated player starts: a short walk, to see distance and direction. */
export const SIMULATED_START_OUTSIDE_METERS = 60;
const METERS_PER_DEGREE_LAT = 111_195;

/** Where the preview leads to the game's start rather than to a question's area. */
export const START_OF_GAME = -1;

/** The current question's area (the game's start for START_OF_GAME), or null when there is none. */
export function previewTarget(game: GameReply, currentQuestion: number): GameLocation | null {
  if (currentQuestion === START_OF_GAME) return game.metadata.location ?? null;
  return game.questions?.[currentQuestion]?.location ?? null;
}

/**
 * Where the simulated player stands at first: a short walk south of the current area (outside it,
 * so the creator drags it in and sees the area light up); without one, on the game's start or its
 * first area, else on the editor's default centre.
 */
export function simulatedStart(game: GameReply, currentQuestion: number): Point {
  const target = previewTarget(game, currentQuestion);
  if (!target) {
    const fallback = game.metadata.location ?? game.questions?.find((question) => question.location)?.location;
    return fallback ? roundPoint(areaCenter(fallback)) : DEFAULT_EDITOR_CENTER;
  }
  const centre = areaCenter(target);
  const reach = isPolygon(target) ? Math.max(...target.map((corner) => distanceMeters(centre, corner))) : AREA_RADIUS_METERS;
  return roundPoint({ lat: centre.lat - (reach + SIMULATED_START_OUTSIDE_METERS) / METERS_PER_DEGREE_LAT, lng: centre.lng });
}

/** The middle between two points: where the preview centres to show both the player and the area. */
export function midpoint(a: Point, b: Point): Point {
  return { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
}
