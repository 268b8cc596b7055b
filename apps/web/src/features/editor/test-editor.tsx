/**
 * Test helper: the editor page (rendered by test/render-page.tsx) against routes mocked at `fetch`.
 * The field components are stand-ins (test-fields.tsx, put in place by each test file).
 */
import { afterEach, beforeEach } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { EditableGame, EditorGameReply, GameReply, GameStatus, Language } from '@streethunt/shared';
import { mockRoutes, type RouteReply } from '../../test/fetch-routes.ts';
import { fakeMatchMedia } from '../../test/match-media.ts';
import { renderPage, resetBrowserState } from '../../test/render-page.tsx';
import { WIDE_LAYOUT_QUERY } from './editor-layout.tsx';
import { Component as EditorPage } from './editor-page.tsx';
import { GAME_ID, OWNER_ID, ownerReply } from './test-game.ts';

export { bodiesSent,  routesCalled } from '../../test/fetch-routes.ts';

export const GAME_PATH = `/api/games/${GAME_ID}`;
export const STATUS_PATH = `/api/games/status/${GAME_ID}`;

/** A stored session the start-up auto-login confirms; an admin with `admin`. */
function logIn(role: 'user' | 'admin' = 'user') {
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
  window.matchMedia = fakeMatchMedia((query) => wide && query === WIDE_LAYOUT_QUERY);
  return () => {
    window.matchMedia = original;
  };
}

/** The editor of the test game (test-game.ts), once it shows. */
export async function renderEditor({ language = 'en' as Language } = {}) {
  const page = await renderPage(<EditorPage />, { path: '/game-editor/:gameId', url: `/game-editor/${GAME_ID}`, language });
  await screen.findByTestId('game-editor', {}, { timeout: 5000 });
  return page;
}

/** Clicks a node of the tree (its data-testid is `node-{key}`, keys from selection.ts). */
export function selectNode(key: string) {
  fireEvent.click(screen.getByTestId(`node-${key}`));
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
