import { describe, expect, it } from 'vitest';
import { isSignedLink, signedUrl } from './service.ts';

const SECRET = 'pinned-test-secret-0123456789abcdef';
const PHOTO = '0b7c6a52-5d1e-4c8f-9a3b-2f4e6d8c1a90';
const NOW = Date.parse('2026-01-02T03:04:05.000Z');

const partsOf = (url: string) => {
  const query = new URL(url, 'http://x').searchParams;
  return { expires: Number(query.get('expires')), sig: query.get('sig') ?? '' };
};

/** A photo link lives for hours in a browser's cache and pages, so the link for fixed inputs is pinned. */
describe('signed photo links', () => {
  it('are exactly as before for fixed inputs', () => {
    expect(signedUrl(SECRET, PHOTO, NOW)).toBe('/api/play-photos/0b7c6a52-5d1e-4c8f-9a3b-2f4e6d8c1a90/image?expires=1767333600000&sig=iAKCoHQk5oz9gwkTRPnBr5RizolrZKg62-TIJEjnNRU');
  });

  it('are taken until they expire, for their photo and secret only, and not when tampered', () => {
    const { expires, sig } = partsOf(signedUrl(SECRET, PHOTO, NOW));
    expect(isSignedLink(SECRET, PHOTO, expires, sig, NOW)).toBe(true);
    expect(isSignedLink(SECRET, PHOTO, expires, sig, expires + 1)).toBe(false);
    expect(isSignedLink(SECRET, PHOTO, expires + 3_600_000, sig, NOW)).toBe(false);
    expect(isSignedLink(SECRET, 'another-photo', expires, sig, NOW)).toBe(false);
    expect(isSignedLink(`${SECRET}-rotated`, PHOTO, expires, sig, NOW)).toBe(false);
    expect(isSignedLink(SECRET, PHOTO, expires, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, NOW)).toBe(false);
    expect(isSignedLink(SECRET, PHOTO, expires, sig.slice(0, -1), NOW)).toBe(false);
    expect(isSignedLink(SECRET, PHOTO, expires, '', NOW)).toBe(false);
  });
});
