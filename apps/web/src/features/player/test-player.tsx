/**
 * Test helper: the game player against a fake server behind `fetch`. Tests mock the socket, the sounds
 * and the Leaflet map module themselves (vi.mock is hoisted per file).
 */
import { vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { LANGUAGES, teamNameSchema, type GameReply, type Language, type Progress, type TeamView } from '@streethunt/shared';
import { renderPage } from '../../test/render-page.tsx';
import { Component as PlayerPage } from './player-page.tsx';
import { applyChange } from './progress-rules.ts';
import { storeCode, writeCachedGame } from './player-store.ts';
import { buildGame, buildProgress, CODE, GAME_ID } from './test-fixtures.ts';
import { resetBrowserState as resetPage } from '../../test/render-page.tsx';
import { forgetKept } from './offline/kept-play.ts';
import { resetPhotoOutbox } from './photo/photo-queue.ts';

/** The player page as the app shows it, in the app's header (test/render-page.tsx), at `url`. */
export function renderPlayer({
  url = `/game/${GAME_ID}` as string | { pathname: string; state: unknown },
  language = 'he' as Language,
  loadedLater = [] as string[],
  queryClient = undefined as QueryClient | undefined,
} = {}) {
  return renderPage(<PlayerPage />, { path: '/game/:gameId', url, language, withHeader: true, loadedLater, ...(queryClient && { queryClient }) });
}

type Call = { method: string; path: string; body: Record<string, unknown> | undefined; headers: Record<string, string>; offline: boolean };
type Reply = { status: number; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fake server: the game (questions only with the right x-game-secret), one play applying changes by
 * the shared rules (SOLUTION reveals the first answer), reports and the public config. The play's code
 * is an ordinary one unless `team` makes it a live event's team (named by the shared rules, 409 for a
 * name in `takenNames`). `down` makes every call fail as offline; `override` answers a call first.
 * `translations` are the game in other languages, for `?lang=` (DESIGN.md section 13): another
 * language is 404 `language_not_ready`, one that is not the platform's 400.
 */
export function fakeServer({
  game = buildGame(),
  progress = buildProgress(),
  solutions = ['Bialik', '1909', 'Rothschild'],
  team = null as TeamView | null,
  translations = {} as Partial<Record<Language, GameReply>>,
} = {}) {
  const state = {
    game,
    translations,
    progress,
    team,
    takenNames: [] as string[],
    down: false,
    override: null as null | ((call: Call) => Reply | null),
    calls: [] as Call[],
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method, path, body, headers, offline: state.down };
    state.calls.push(call);
    if (state.down) throw new TypeError('Failed to fetch');
    const override = state.override?.(call);
    if (override) return json(override.status, override.body);
    if (method === 'GET' && path === '/api/public-config') {
      return json(200, { appEnv: 'development', productionHosts: [], bareDomain: null, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileOffline: 'seen', vatPercent: 18 });
    }
    const [pathname, search = ''] = path.split('?');
    if (method === 'GET' && pathname === `/api/games/${state.game._id}`) {
      const language = new URLSearchParams(search).get('lang');
      if (language !== null && !(LANGUAGES as readonly string[]).includes(language)) return json(400, { message: 'no such language', code: 'validation' });
      const reply = language === null || language === state.game.metadata.language ? state.game : state.translations[language as Language];
      if (!reply) return json(404, { message: 'not in that language', code: 'language_not_ready' });
      if (headers['x-game-secret'] === CODE) return json(200, reply);
      const { questions: _questions, ...publicPart } = reply;
      return json(200, publicPart);
    }
    if (method === 'GET' && path.startsWith('/api/games/')) return json(404, { message: 'no such game', code: 'not_found' });
    if (method === 'POST' && path === '/api/game-progress' && body) {
      if (body.secretCode !== CODE || body.gameId !== state.game._id) return json(403, { message: 'wrong code', code: 'wrong_code' });
      const { action, gameId: _g, secretCode: _s, ...rest } = body as { action: string; gameId: string; secretCode: string };
      if (action === 'set-start-time') return json(200, { status: 'OK', gameProgress: state.progress });
      if (action !== 'get-game-progress') {
        state.progress = applyChange(state.progress, { action, ...rest } as Parameters<typeof applyChange>[1]);
        state.progress = {
          ...state.progress,
          questions: state.progress.questions.map((q, i) =>
            q.status === 'SOLUTION' || q.status === 'SKIPPED' ? { ...q, solution: solutions[i] } : q,
          ),
        };
      }
      return json(200, state.progress);
    }
    if (method === 'POST' && path.startsWith('/api/event-team') && body) {
      if (body.secretCode !== CODE || body.gameId !== state.game._id) return json(403, { message: 'wrong code', code: 'wrong_code' });
      if (path === '/api/event-team') return json(200, { data: state.team });
      if (!state.team || path !== '/api/event-team/name') return json(404, { message: 'no such event team', code: 'not_found' });
      const name = teamNameSchema.safeParse(body.name);
      if (!name.success) return json(400, { message: 'bad name', code: 'validation' });
      if (state.takenNames.includes(name.data)) return json(409, { message: 'name taken', code: 'conflict' });
      state.team = { ...state.team, teamName: name.data };
      return json(200, { data: state.team });
    }
    if (method === 'POST' && path === '/api/game/report') return json(200, { data: { status: 'OK' } });
    if (method === 'POST' && path.startsWith('/api/feedback/game/')) return json(200, { data: { status: 'OK' } });
    return json(404, { message: `unexpected ${method} ${path}`, code: 'not_found' });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  /** The progress changes that reached the server (no reads, no attempts made offline). */
  const changesSent = () =>
    state.calls
      .filter((c) => !c.offline && c.path === '/api/game-progress' && c.body && !['get-game-progress', 'set-start-time'].includes(String(c.body.action)))
      .map((c) => c.body);
  return { state, fetchMock, changesSent };
}

/** A phone that already holds the play (code accepted earlier). */
export function storePlay(progress: Progress = buildProgress(), game?: GameReply) {
  storeCode(progress);
  if (game) writeCachedGame(game, progress.game_secret);
}

/** Clears what tests leave behind: the stored session, cookies, notifications, and what the phone keeps of a play. */
export function resetBrowserState() {
  resetPage();
  forgetKept();
  resetPhotoOutbox();
}
