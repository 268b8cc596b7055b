import type { GameLocation, Point } from '../schemas/game.ts';
import { areaCenter, distanceMeters } from '../geo/geo.ts';

/*
 * How accessible a game is (DESIGN.md section 16): whether the whole route is step-free, how long it is
 * and takes, as the creator states it. Without zod: the list's card and the player's intro read these.
 */

/** `unknown`: the creator has not checked (the default, and what a game saved before this reads as). */
export const STEP_FREE_VALUES = ['yes', 'no', 'unknown'] as const;
export type StepFree = (typeof STEP_FREE_VALUES)[number];

/** A length in km as the game keeps it: one decimal is enough for a walk. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

/**
 * The walk's length in km suggested from the stops: the distance between the centres of consecutive
 * areas, in play order, from the game's start when it has one. Stops without an area are skipped; null
 * when fewer than two places are known (nothing to measure). Straight lines: a street walk is longer,
 * so the creator reads it as a lower bound to correct.
 */
export function suggestedLengthKm(start: GameLocation | null | undefined, stops: ReadonlyArray<{ location?: GameLocation | null | undefined }>): number | null {
  const places: Point[] = [start, ...stops.map((stop) => stop.location)].filter((place): place is GameLocation => place !== null && place !== undefined).map(areaCenter);
  if (places.length < 2) return null;
  let meters = 0;
  for (let i = 1; i < places.length; i++) meters += distanceMeters(places[i - 1]!, places[i]!);
  return roundKm(meters / 1000);
}
