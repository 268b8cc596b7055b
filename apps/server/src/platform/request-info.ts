import { AFF_COOKIE_NAME, type Language } from '@streethunt/shared';

/** One cookie's value from a Cookie header (no cookie plugin is installed); undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The affiliate code the web app keeps in the `aff` cookie (spec section 2), or null when absent or implausible. */
export function affCodeFromCookie(header: string | undefined): string | null {
  const value = readCookie(header, AFF_COOKIE_NAME)?.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!value || value.length > 64 || /[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/**
 * The buyer's language from Accept-Language (the web app sends its interface language there): the
 * first of Hebrew or English the header names, Hebrew when it names neither (the product's default).
 */
export function languageFromHeader(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(/[-;_]/)[0].toLowerCase();
    if (tag === 'en') return 'en';
    if (tag === 'he' || tag === 'iw') return 'he';
  }
  return 'he';
}
