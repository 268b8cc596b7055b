/** Stands for `{s}` while the template is parsed as a URL. */
const SUBDOMAIN_MARK = 'tile-subdomain-mark';

/**
 * The CSP source of a Leaflet tile template: its origin, `{s}` as a wildcard
 * (`https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`); none for a template that is no URL.
 */
export function tileSourceOf(template: string): string[] {
  try {
    const url = new URL(template.replaceAll('{s}', SUBDOMAIN_MARK).replace(/\{[a-z-]+\}/gi, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
    return [url.origin.replace(SUBDOMAIN_MARK, '*')];
  } catch {
    return [];
  }
}
