import { Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import offlinePackEn from '../../i18n/player/offline-pack.en.json';
import { useOfflinePackTexts } from '../offline/use-offline-pack-texts.ts';

// The texts arrive a task later, as a loaded file does.
vi.mock('../../i18n/offline-pack-translations.ts', () => ({
  OFFLINE_PACK_NAMESPACE: 'offlinePack',
  loadOfflinePackTranslations: () => new Promise((resolve) => setTimeout(() => resolve(offlinePackEn), 0)),
}));

function Title() {
  const { t } = useOfflinePackTexts();
  return <p>{t('listTitle')}</p>;
}

describe('texts loaded by the screens that show them', () => {
  it('loads the texts in a transition with no error React has to recover from', async () => {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: {} } }, interpolation: { escapeValue: false } });
    const recovered: unknown[] = [];
    // React's development build names the mistake on the console; its production build throws and recovers.
    const consoleErrors = vi.spyOn(console, 'error');
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host, { onRecoverableError: (error) => recovered.push(error) });
    const page = (withTitles: boolean) => (
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <p>question</p>
          {withTitles && <Title />}
          {withTitles && <Title />}
        </Suspense>
      </I18nextProvider>
    );
    root.render(page(false));
    await waitFor(() => expect(host.textContent).toBe('question'));
    // In a transition (as the app's navigations are) into a boundary already on screen: React keeps the screen as it was and,
    // once the texts are in, replays the suspended component with the hooks of its first try.
    startTransition(() => root.render(page(true)));
    await waitFor(() => expect(host.textContent).toBe(`question${offlinePackEn.listTitle.repeat(2)}`));
    expect(recovered).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockRestore();
    root.unmount();
    host.remove();
  });
});
