/** What the check reads of the browser: its user agent, touch points, and whether the app runs from the Home Screen. */
export type HomeScreenProbe = { userAgent: string; platform: string; maxTouchPoints: number; standalone?: boolean; displayStandalone: boolean };

export function browserProbe(): HomeScreenProbe {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    ...(nav.standalone !== undefined && { standalone: nav.standalone }),
    displayStandalone: typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
  };
}

/**
 * An iPhone or iPad browsing the site in Safari (not opened from the Home Screen): there Safari deletes a
 * site's stored data after 7 days without a visit, so a game saved for offline is kept only once the
 * app is added to the Home Screen. iPadOS presents itself as a Mac with a touch screen.
 */
export function suggestsHomeScreen(probe: HomeScreenProbe): boolean {
  const ios = /iPad|iPhone|iPod/.test(probe.userAgent) || (probe.platform === 'MacIntel' && probe.maxTouchPoints > 1);
  return ios && !probe.standalone && !probe.displayStandalone;
}
