import { AFF_COOKIE_NAME } from '@streethunt/shared';

/** The affiliate code the app keeps in the `aff` cookie for 7 days (spec section 2), or null. */
export function readAffCookie(doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== AFF_COOKIE_NAME) continue;
    const raw = rest.join('=');
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}
