/**
 * Test helper: renders the editor page as the app does (Mantine, notifications, router, react-query,
 * the session, i18next with the real he/en files of both namespaces) against routes mocked at `fetch`.
 * The field components are stand-ins (test-fields.tsx, put in place by each test file).
 */
import { afterEach, beforeEach } from 'vitest';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { EditableGame, EditorGameReply, GameReply, GameStatus, Language } from '@streethunt/shared';
import { SessionProvider } from '../../api/session.tsx';
import { mockRoutes, type RouteReply } from '../../test/fetch-routes.ts';
import { createTestI18n } from '../../test/i18n.ts';
import { TestProviders } from '../../test/providers.tsx';
import { WIDE_LAYOUT_QUERY } from './editor-layout.tsx';
import { Component as EditorPage } from './editor-page.tsx';
import { GAME_ID, OWNER_ID, ownerReply } from './test-game.ts';

export { bodiesSent, mockRoutes, routesCalled } from '../../test/fetch-routes.ts';

export const GAME_PATH = `/api/games/${GAME_ID}`;
export const STATUS_PATH = `/api/games/status/${GAME_ID}`;

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname}</p>;
}

/** A stored session the start-up auto-login confirms; an admin with `admin`. */
export function logIn(role: 'user' | 'admin' = 'user') {
  const data = { role, isSelfPayment: false, userId: OWNER_ID };
  localStorage.setItem('session', JSON.stringify({ accessToken: 'token-1', ...data }));
  return { 'POST /api/auto-login': { body: { accessToken: 'token-1', data } } satisfies RouteReply };
}

/** The reply of a save or a status change: the game as stored afterwards. */
export function storedReply(game: EditableGame, version: number, status: GameStatus = 'DRAFT'): { body: EditorGameReply } {
  return { body: { data: { ...game, _id: GAME_ID, userId: OWNER_ID, status, version, updatedAt: '2026-05-02T10:00:00.000Z', reviewNote: null } } };
}

/** The owner's browser on the editor of `game`, with more routes as the test needs. */
export function serve(game: GameReply = ownerReply(), routes: Record<string, RouteReply | RouteReply[]> = {}, role: 'user' | 'admin' = 'user') {
  return mockRoutes({ ...logIn(role), [`GET ${GAME_PATH}`]: { body: game }, ...routes });
}

/** A wide screen shows the three panes side by side; otherwise (the default of the tests' matchMedia) tabs. */
export function setWideScreen(wide: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: wide && query === WIDE_LAYOUT_QUERY,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

export async function renderEditor({ language = 'en' as Language } = {}) {
  const { i18n, missing } = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/game-editor/:gameId', element: <EditorPage /> },
      { path: '/my-games', element: <Landed /> },
      { path: '/login', element: <Landed /> },
      { path: '/games', element: <Landed /> },
    ],
    { initialEntries: [`/game-editor/${GAME_ID}`] },
  );
  const view = render(
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <Notifications />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
  await screen.findByTestId('game-editor', {}, { timeout: 5000 });
  const t = i18n.getFixedT(language, 'studio');
  return { ...view, router, i18n, t, tMain: i18n.getFixedT(language), missing };
}

/** Clicks a node of the tree (its data-testid is `node-{key}`, keys from selection.ts). */
export function selectNode(key: string) {
  fireEvent.click(screen.getByTestId(`node-${key}`));
}

export function resetBrowserState() {
  localStorage.clear();
  act(() => notifications.clean());
}

/**
 * Each test of the calling describe block on a wide screen (the three panes), with the browser's
 * storage and notifications cleared before and after.
 */
export function useWideEditorScreen() {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    resetBrowserState();
    restore = setWideScreen(true);
  });
  afterEach(() => {
    restore();
    resetBrowserState();
  });
}
