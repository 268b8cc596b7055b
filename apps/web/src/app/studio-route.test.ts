import i18next from 'i18next';
import { expect, it } from 'vitest';
import { lazyTranslations } from '../i18n/load-translations.ts';
import { STUDIO_NAMESPACE } from '../i18n/studio-translations.ts';
import { studioRoute } from './studio-route.ts';

it('loads the studio texts also when the page is asked for before i18next has started (a studio address opened directly)', async () => {
  expect(i18next.isInitialized).toBeFalsy();
  const page = { Component: () => null };
  // The router starts the first address's lazy route as soon as it is created, before setupI18n.
  const loading = studioRoute(async () => page)();
  await i18next.use(lazyTranslations).init({ lng: 'en', fallbackLng: false, showSupportNotice: false });
  expect(await loading).toBe(page);
  expect(i18next.hasLoadedNamespace(STUDIO_NAMESPACE)).toBe(true);
  expect(i18next.t('studio.cancel', { ns: STUDIO_NAMESPACE })).toBe('Cancel');
});
