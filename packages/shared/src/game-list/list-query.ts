import type { Language } from '../constants.ts';

/*
 * The public games list's query (GET /api/games), without zod: the /games page builds its requests from
 * these and must not pull the schemas into its first load. The server's schema is schemas/game-list.ts.
 */

/** Cards in a page when the client does not say. */
export const GAMES_PAGE_SIZE = 24;
/** The most cards one page may ask for. */
export const GAMES_PAGE_MAX = 100;
/** The longest search text, in characters (a name and a city are at most 200 each; nobody types more). */
export const GAMES_SEARCH_MAX = 100;
/** 'near me' looks this far around the visitor by default, in kilometres. */
export const NEAR_RADIUS_KM_DEFAULT = 50;
export const NEAR_RADIUS_KM_MIN = 1;
export const NEAR_RADIUS_KM_MAX = 500;

export const GAMES_SORTS = ['newest', 'distance'] as const;
export const GAMES_PRICE_FILTERS = ['free', 'paid'] as const;
export type GamesPriceFilter = (typeof GAMES_PRICE_FILTERS)[number];

/** What a visitor may ask the list for; every field narrows it, and they combine (AND). */
export type GamesListFilters = {
  /** One creator's games. */
  user?: string;
  /** Part of the game's name or city, any case (Hebrew or English). */
  q?: string;
  price?: GamesPriceFilter;
  /** The game's own language. */
  language?: Language;
  /** true: only games with a map; false: only games without. */
  map?: boolean;
  /** true: only games their creator marks step-free (the query's stepFree=yes). */
  stepFree?: boolean;
  /** The visitor's position: the list is sorted by distance to each game's start, within radiusKm. */
  near?: { lat: number; lng: number };
  radiusKm?: number;
};

/**
 * The query string of GET /api/games for these filters and a page (no leading '?'; empty for the
 * defaults). A cursor belongs to the filters it came with: the server refuses it with others.
 */
export function gamesListQueryString(filters: GamesListFilters, page: { cursor?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (filters.user) params.set('user', filters.user);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.price) params.set('price', filters.price);
  if (filters.language) params.set('language', filters.language);
  if (filters.map !== undefined) params.set('map', String(filters.map));
  if (filters.stepFree) params.set('stepFree', 'yes');
  if (filters.near) {
    params.set('lat', String(filters.near.lat));
    params.set('lng', String(filters.near.lng));
    if (filters.radiusKm !== undefined) params.set('radius', String(filters.radiusKm));
  }
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  return params.toString();
}
