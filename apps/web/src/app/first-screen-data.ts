import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Language } from '@streethunt/shared';
import { ApiError } from '../api/client.ts';

/**
 * What the server drew the first screen of /games or /game/{id} from, written into the page beside it
 * (`<script type="application/json">`): the client starts from the same data, so it draws exactly what
 * the HTML shows (hydration) and does not ask for it again.
 */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** `<html data-first-screen>`: the page came rendered; index.html's start-up script leaves its lang and dir alone. */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
/** On a drawn page, the app's entry script and the modules it preloads, which the start-up script loads after the main picture. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
export const APP_PRELOAD_ATTRIBUTE = 'data-app-preload';

/** A reply as the page's query cache holds it, or the API error it got. */
export type FirstScreenQuery = { key: QueryKey; data: unknown } | { key: QueryKey; error: { status: number; code: string; message: string } };

export type FirstScreenData = {
  page: 'games' | 'game';
  /** The language the screen was drawn in: the visitor's (the cookie's, else the default), or a game's own on its page. */
  language: Language;
  languageOf: 'visitor' | 'game';
  gameId?: string;
  queries: FirstScreenQuery[];
};

/** The data the server wrote into the page, or null (a client-rendered page, development). */
export function readFirstScreenData(doc: Document = document): FirstScreenData | null {
  const script = doc.getElementById(FIRST_SCREEN_DATA_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FirstScreenData;
  } catch {
    return null;
  }
}

/**
 * Puts the server's replies into the query cache, as fresh as if just fetched. A reply that was an
 * error (a game that is not there) stays one on the first render instead of being asked for again,
 * so the page draws what the server drew.
 */
export function primeQueries(client: QueryClient, queries: FirstScreenQuery[]): void {
  for (const query of queries) {
    if ('data' in query) {
      client.setQueryData(query.key, query.data);
      continue;
    }
    const error = new ApiError(query.error.status, query.error.code, query.error.message, query.error);
    client.setQueryDefaults(query.key, { retryOnMount: false });
    const cached = client.getQueryCache().build(client, { queryKey: query.key });
    cached.setState({ ...cached.state, status: 'error', fetchStatus: 'idle', error, errorUpdatedAt: Date.now(), fetchFailureCount: 1, fetchFailureReason: error });
  }
}
