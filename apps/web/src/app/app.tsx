import { useEffect, useMemo, useState } from 'react';
import { DirectionProvider, MantineProvider, createTheme, useDirection, type MantineColorsTuple } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nContext, useTranslation } from 'react-i18next';
import { SessionProvider } from '../api/session.tsx';
import { directionOf } from '../i18n/setup.ts';
import { router } from './router.tsx';

/**
 * Mantine's teal, two steps darker from shade 4 on, so that links, filled buttons and light buttons
 * all reach WCAG AA contrast (4.5:1) on white.
 */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#099268', '#087f5b', '#086f50', '#065f46', '#054d39', '#043d2d'];

const theme = createTheme({
  primaryColor: 'teal',
  colors: { teal },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", Arial, sans-serif',
  defaultRadius: 'md',
});

/** Keeps Mantine's direction in step with the active language. */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(i18n.language)), [i18n.language, setDirection]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  // A new context value on every language change re-renders every useTranslation, also in a page that
  // mounted while the language was changing (leaving a game) and subscribed after the event.
  const language = i18n.language;
  const i18nContext = useMemo(() => ({ i18n, language }), [i18n, language]);
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <I18nContext.Provider value={i18nContext}>
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
        <MantineProvider theme={theme}>
          <DirectionSync />
          {/* At the bottom, where a message never covers the header and its menu. */}
          <Notifications position="bottom-center" />
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nContext.Provider>
  );
}
