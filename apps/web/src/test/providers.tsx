import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';

/**
 * What every component test renders inside: i18next on the real he/en files (test/i18n.ts), the
 * language's direction and Mantine; with `queryClient`, react-query too. The app's own shell is
 * app/app.tsx; this is its test-sized twin, once. Motion is reduced (happy-dom reports
 * `prefers-reduced-motion: reduce`, see vitest.config.ts) so no transition leaves a timer that fires
 * after the test's window is gone.
 */
export function TestProviders({ i18n, queryClient, children }: { i18n: I18n; queryClient?: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={i18n.dir(i18n.language)} detectDirection={false}>
        <MantineProvider env="test" theme={{ respectReducedMotion: true }}>{queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}</MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
