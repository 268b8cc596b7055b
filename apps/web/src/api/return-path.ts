import { DEFAULT_LOGIN_RETURN } from '@streethunt/shared';

/**
 * Where to go after logging in: the `?url=` value when it is a path on this site, else /my-games.
 * `//host` and `/\host` are other sites to a browser, so they are refused, as is anything with control
 * characters or white space a browser would strip.
 */
export function safeReturnPath(url: string | null | undefined): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return DEFAULT_LOGIN_RETURN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(url)) return DEFAULT_LOGIN_RETURN;
  return url;
}

/** The login page's address that comes back to `path` afterwards (`/login?url=/update-profile`). */
export function loginPathFor(path: string): string {
  return `/login?url=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
