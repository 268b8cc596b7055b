import { describe, expect, it } from 'vitest';
import { suggestsHomeScreen, type HomeScreenProbe } from './home-screen-hint.ts';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const probe = (over: Partial<HomeScreenProbe>): HomeScreenProbe => ({ userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5, displayStandalone: false, ...over });

describe('the Add to Home Screen suggestion after saving for offline', () => {
  it('is made on an iPhone in Safari and on an iPad (which says it is a Mac with touch)', () => {
    expect(suggestsHomeScreen(probe({}))).toBe(true);
    expect(suggestsHomeScreen(probe({ userAgent: mac, platform: 'MacIntel', maxTouchPoints: 5 }))).toBe(true);
  });

  it('is not made once the app runs from the Home Screen, nor on Android or a Mac', () => {
    expect(suggestsHomeScreen(probe({ standalone: true }))).toBe(false);
    expect(suggestsHomeScreen(probe({ displayStandalone: true }))).toBe(false);
    expect(suggestsHomeScreen(probe({ userAgent: android, platform: 'Linux armv8l' }))).toBe(false);
    expect(suggestsHomeScreen(probe({ userAgent: mac, platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false);
  });
});
