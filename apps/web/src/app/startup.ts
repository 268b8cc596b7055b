import { AFF_COOKIE_DAYS, AFF_COOKIE_NAME } from '@streethunt/shared';

/** Keeps an affiliate code from the URL for 7 days, unless one is kept already (spec section 2). */
export function rememberAffiliate(search: string, doc: Document = document): void {
  const aff = new URLSearchParams(search).get(AFF_COOKIE_NAME)?.trim();
  // An empty cookie counts as none.
  if (!aff || readCookie(AFF_COOKIE_NAME, doc)) return;
  doc.cookie = `${AFF_COOKIE_NAME}=${encodeURIComponent(aff)}; max-age=${AFF_COOKIE_DAYS * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

export function readCookie(name: string, doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The www form of the bare production domain, or null when no redirect applies (never on localhost). */
export function wwwRedirectTarget(location: Pick<Location, 'hostname' | 'href'>, bareDomain: string | null): string | null {
  if (!bareDomain || location.hostname === 'localhost' || location.hostname !== bareDomain) return null;
  const url = new URL(location.href);
  url.hostname = `www.${bareDomain}`;
  return url.toString();
}

/** Runs once before the first render. */
export function runStartupTasks(): void {
  rememberAffiliate(window.location.search);
  // The app shell's worker (docs/decisions/013), in production builds only (the dev server has none),
  // once the page has loaded: its code is never part of the first load (start.ts checks for support).
  if (import.meta.env.PROD) addEventListener('load', () => import('./service-worker/start.ts'));
}
