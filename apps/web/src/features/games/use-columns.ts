import { useSyncExternalStore } from 'react';

/**
 * Cards per row by screen width, as the grid's CSS lays them out (game-grid.module.css): one on a
 * phone, two from Mantine's sm (48em), three from its lg (75em).
 */
const COLUMN_QUERIES = [
  { query: '(min-width: 75em)', columns: 3 },
  { query: '(min-width: 48em)', columns: 2 },
] as const;

function columnsNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  return COLUMN_QUERIES.find(({ query }) => window.matchMedia(query).matches)?.columns ?? 1;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const lists = COLUMN_QUERIES.map(({ query }) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener?.('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener?.('change', onChange));
}

/** The grid's column count now, following the screen as it turns or resizes. */
export function useColumns(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => 1);
}
