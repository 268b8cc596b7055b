import type { Language } from '@streethunt/shared';
// The zod-free half of the shared package: the list's query without its schemas.
import { GAMES_PRICE_FILTERS, GAMES_SEARCH_MAX, LANGUAGES, type GamesListFilters, type GamesPriceFilter } from '@streethunt/shared/games-list';

/**
 * What /games shows, as its URL says it: `?user=&q=&price=&language=&map=1&stepFree=yes&near=1&view=map`, so a search
 * can be shared and back/forward step through it. Parameters of others (`aff`, ...) are left alone.
 * The visitor's position is never in the URL: a shared 'near me' link uses the receiver's own.
 */
export type PageFilters = {
  /** One creator's games. */
  user: string | null;
  /** The search text as typed (trimmed when asked for). */
  q: string;
  price: GamesPriceFilter | null;
  /** The game's own language. */
  language: Language | null;
  /** Only games with a map. */
  map: boolean;
  /** Only games their creator marks step-free (`stepFree=yes`, as the API's query says it). */
  stepFree: boolean;
  /** Sorted by distance from the visitor (once their position is known). */
  near: boolean;
  view: 'list' | 'map';
};

export const NO_FILTERS: PageFilters = { user: null, q: '', price: null, language: null, map: false, stepFree: false, near: false, view: 'list' };

const PRICES: readonly string[] = GAMES_PRICE_FILTERS;
const GAME_LANGUAGES: readonly string[] = LANGUAGES;

/** The page's filters from its URL; a value the page does not know counts as absent. */
export function readPageFilters(params: URLSearchParams): PageFilters {
  const price = params.get('price');
  const language = params.get('language');
  return {
    user: params.get('user')?.trim() || null,
    q: (params.get('q') ?? '').slice(0, GAMES_SEARCH_MAX),
    price: price && PRICES.includes(price) ? (price as GamesPriceFilter) : null,
    language: language && GAME_LANGUAGES.includes(language) ? (language as Language) : null,
    map: isOn(params.get('map')),
    stepFree: params.get('stepFree') === 'yes',
    near: isOn(params.get('near')),
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

const isOn = (value: string | null) => value === '1' || value === 'true';

/** The URL's parameters with `changes` applied; every other parameter (aff, ...) stays as it was. */
export function withPageFilters(params: URLSearchParams, changes: Partial<PageFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('user' in changes) put('user', changes.user ?? null);
  if ('q' in changes) put('q', changes.q?.trim() || null);
  if ('price' in changes) put('price', changes.price ?? null);
  if ('language' in changes) put('language', changes.language ?? null);
  if ('map' in changes) put('map', changes.map ? '1' : null);
  if ('stepFree' in changes) put('stepFree', changes.stepFree ? 'yes' : null);
  if ('near' in changes) put('near', changes.near ? '1' : null);
  if ('view' in changes) put('view', changes.view === 'map' ? 'map' : null);
  return next;
}

/** Whether the visitor narrowed the list (search or filters); a creator's page or 'near me' alone does not count. */
export function isNarrowed(filters: PageFilters): boolean {
  return filters.q.trim() !== '' || filters.price !== null || filters.language !== null || filters.map || filters.stepFree;
}

/** Clears the search and the filters, keeping the creator, 'near me' and the view. */
export const CLEARED: Partial<PageFilters> = { q: '', price: null, language: null, map: false, stepFree: false };

/** A position to 4 decimals (about 11 m): close enough for a distance, and one cache entry per spot. */
export function roundedPosition(position: { lat: number; lng: number }): { lat: number; lng: number } {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { lat: round(position.lat), lng: round(position.lng) };
}

/** What the API is asked for: the page's filters and, in 'near me' mode with a position, that position. */
export function listQueryFilters(filters: PageFilters, position: { lat: number; lng: number } | null): GamesListFilters {
  const query: GamesListFilters = {};
  if (filters.user) query.user = filters.user;
  const q = filters.q.trim().replace(/\s+/g, ' ');
  if (q) query.q = q;
  if (filters.price) query.price = filters.price;
  if (filters.language) query.language = filters.language;
  if (filters.map) query.map = true;
  if (filters.stepFree) query.stepFree = true;
  if (filters.near && position) query.near = roundedPosition(position);
  return query;
}
