import { describe, expect, it } from 'vitest';
import { shouldShowBanner } from './environment-banner.tsx';
import { isHeaderHidden } from './layout.tsx';

describe('header visibility', () => {
  it.each([
    ['/', true],
    ['/affiliates', true],
    ['/affiliates/make-money', true],
    ['/affiliates/guides', true],
    ['/splash', false],
    ['/games', false],
    ['/affiliatesx', false],
    ['/game/abc', false],
  ])('%s hidden: %s', (path, hidden) => {
    expect(isHeaderHidden(path)).toBe(hidden);
  });
});

describe('environment banner', () => {
  it('is hidden on the production hosts only', () => {
    const hosts = ['www.streethunt.co.il', 'streethunt.co.il'];
    expect(shouldShowBanner('www.streethunt.co.il', hosts)).toBe(false);
    expect(shouldShowBanner('staging.streethunt.co.il', hosts)).toBe(true);
    expect(shouldShowBanner('localhost', hosts)).toBe(true);
  });
});
