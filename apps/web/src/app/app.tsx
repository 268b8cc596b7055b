import { useEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, createTheme, useDirection, type MantineColorsTuple } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nContext, useTranslation } from 'react-i18next';
import { SessionProvider } from '../api/session.tsx';
import { directionOf } from '../i18n/setup.ts';

/**
 * Mantine's teal, two steps darker from shade 4 on, so that links, filled buttons and light buttons
 * all reach WCAG AA contrast (4.5:1) on white.
 */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#099268', '#087f5b', '#086f50', '#065f46', '#054d39', '#043d2d'];

/** Colours whose darkest shade is still too light for a title on their own light background. */
const LIGHT_COLORS = new Set(['orange', 'yellow']);

/**
 * Mantine's red, darker from shade 4 on: its shade 6 (#fa5252) under white text (3.3:1) or on a light
 * red button (2.9:1) is below AA; these reach 4.5:1 and more.
 */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#e03131', '#c92a2a', '#b02525', '#9b2020', '#861c1c', '#711717'];

/**
 * Mantine's green, darker from shade 4 on: its shade 6 (#40c057) under white text is 2.4:1; shade 6
 * here is 6.1:1 under white and 5.4:1 on a light green button.
 */
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#2b8a3e', '#2b7a3e', '#237032', '#1e6129', '#185122', '#13421b'];

export const theme = createTheme({
  primaryColor: 'teal',
  colors: { teal, red, green },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", Arial, sans-serif',
  defaultRadius: 'md',
  // A visitor who asks for less motion gets none: Mantine's transitions (modals, menus) end at once.
  respectReducedMotion: true,
  components: {
    // A dropdown is measured while hidden and first shown at the input's centre: on a phone in a
    // left-to-right page that first frame overflowed the page and the browser scrolled it away from the
    // input (e2e/share-links.e2e.ts). A fixed dropdown never widens the page.
    Popover: { defaultProps: { floatingStrategy: 'fixed' } },
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
    // A light alert's title in its colour's shade 6 on the light background is below AA contrast
    // (red 3.6:1, gray 3.0:1, orange 2.3:1). Shade 9 passes, except orange and yellow (3.9:1 and
    // less), whose titles take the text colour. A plain object, not Alert.extend, so the player's
    // first load does not take the Alert component for this.
    Alert: {
      styles: (_theme: unknown, props: { variant?: string; color?: string }) => {
        if ((props.variant ?? 'light') !== 'light') return {};
        const color = props.color ?? 'blue';
        return { title: { color: LIGHT_COLORS.has(color) ? 'var(--mantine-color-text)' : `var(--mantine-color-${color}-9)` } };
      },
    },
  },
});

/** Keeps Mantine's direction in step with the active language. */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(i18n.language)), [i18n.language, setDirection]);
  return null;
}

/** The app's query cache: one per page load in the browser, one per render on the server. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/** The providers around the router (`children`: the browser's router, or the server's static one). */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  // A new context value on every language change re-renders every useTranslation, also in a page that
  // mounted while the language was changing (leaving a game) and subscribed after the event.
  const language = i18n.language;
  const i18nContext = useMemo(() => ({ i18n, language }), [i18n, language]);
  return (
    <I18nContext.Provider value={i18nContext}>
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
        <MantineProvider theme={theme}>
          <DirectionSync />
          {/* At the bottom, where a message never covers the header and its menu. */}
          <Notifications position="bottom-center" />
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              {children}
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nContext.Provider>
  );
}
