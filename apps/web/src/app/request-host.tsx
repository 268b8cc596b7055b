import { createContext, useContext } from 'react';

/** The host the page was asked for: the server renders without `window` and says it here. */
export const RequestHostContext = createContext<string | null>(null);

/** This page's hostname, in the browser and while the server renders it. */
export function useRequestHost(): string {
  return useContext(RequestHostContext) ?? window.location.hostname;
}
