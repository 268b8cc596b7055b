import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gameParamsSchema, gameQuerySchema, gamesListQuerySchema, type FirstScreenInput, type FirstScreenModule, type FirstScreenRequest } from '@streethunt/shared';
import type { Services } from '../../services.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlMap } from '../../platform/ttl-map.ts';
import { codeGate } from '../codes/service.ts';
import { listGames } from '../games/games-list.ts';
import { getGameForViewer } from '../games/service.ts';
import { displayRichText } from '../studio/sanitize-content.ts';
import { publicConfig } from '../system/public-config.ts';

type FirstScreenPage = { status: 200 | 404; html: string; etag: string };

/**
 * Drawn pages by everything they are drawn from (address, host, language and the data itself, so a
 * changed game or list is drawn anew at once): drawing /games costs about 10 ms of the event loop,
 * looking the data up about 1 ms. At most this many, each about 30 KB, for a minute.
 */
const DRAWN_KEPT = 200;
const DRAWN_KEPT_MS = 60_000;
/** And at most this many bytes: a game's page carries its intro, which may be long. */
const DRAWN_KEPT_BYTES = 16 * 1024 * 1024;

export type FirstScreenRenderer = {
  /** Whether the server draws this address (/games and /game/{id}; not every view of them). */
  draws(pathname: string, search: string): boolean;
  /** The page as a stranger without a code sees it; throws when it cannot be drawn (the caller sends the shell). */
  render(request: { url: string; hostname: string; cookie: string | undefined; client: string }): Promise<FirstScreenPage>;
};

/** The server build of the web app beside its browser build (`npm run build` makes both). */
function firstScreenModulePath(webDist: string): string {
  return path.join(webDist, '..', 'dist-server', 'entry-server.js');
}

/**
 * The renderer of the public pages' first screen, or null when the web app's server build is not
 * there (then every page gets the client-rendered shell, as in development).
 */
export async function createFirstScreenRenderer(services: Services, webDist: string): Promise<FirstScreenRenderer | null> {
  const modulePath = firstScreenModulePath(webDist);
  if (!existsSync(modulePath)) return null;
  // Its default export is typed as the contract in the web app (src/entry-server.tsx).
  const web = ((await import(pathToFileURL(modulePath).href)) as { default: FirstScreenModule }).default;
  const build = {
    template: readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as unknown,
  };
  const { db, config } = services;
  const codes = codeGate(services);
  const media = { publicUrl: config.publicUrl };
  const cleanRichText = (html: string) => displayRichText(html, media);
  const drawn = new TtlMap<string, FirstScreenPage>(DRAWN_KEPT_MS, DRAWN_KEPT, Date.now, { max: DRAWN_KEPT_BYTES, of: (page) => 2 * page.html.length });

  const dataFor = async (request: FirstScreenRequest, client: string, wanted: { asked: string | null; visitor: string }): Promise<Pick<FirstScreenInput, 'list' | 'game'>> => {
    if (request.page === 'games') {
      const query = gamesListQuerySchema.parse(Object.fromEntries(new URLSearchParams(request.listQuery)));
      return { list: await listGames(db, query) };
    }
    // A malformed id is as absent as an unknown one: the not-found screen, 404.
    const params = gameParamsSchema.safeParse({ gameId: request.gameId });
    if (!params.success) return { game: null };
    try {
      const game = (await getGameForViewer({ db, codes }, params.data.gameId, { auth: null, client })).body;
      // In the language the address names (an hreflang alternate), else the visitor's, when the game is offered in it; else its own.
      const asked = gameQuerySchema.safeParse({ lang: wanted.asked ?? wanted.visitor }).data?.lang;
      if (!asked || asked === game.metadata.language || !game.metadata.languages?.includes(asked)) return { game };
      return { game: (await getGameForViewer({ db, codes }, params.data.gameId, { auth: null, client, language: asked })).body };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return { game: null };
      throw error;
    }
  };

  return {
    draws: (pathname, search) => web.firstScreenRequest(pathname, search) !== null,
    async render({ url, hostname, cookie, client }) {
      const parsed = new URL(url, 'http://local');
      const request = web.firstScreenRequest(parsed.pathname, parsed.search);
      if (!request) throw new Error(`no first screen for ${parsed.pathname}`);
      const data = await dataFor(request, client, { asked: parsed.searchParams.get('lang'), visitor: web.visitorLanguage(cookie) });
      const key = createHash('sha256').update(JSON.stringify([url, hostname, web.visitorLanguage(cookie), data])).digest('base64url');
      const kept = drawn.get(key);
      if (kept) return kept;
      const page = await web.renderFirstScreen(build, { url, publicUrl: config.publicUrl, hostname, cookie, publicConfig: publicConfig(config), cleanRichText, ...data });
      const result = { ...page, etag: `"${createHash('sha256').update(page.html).digest('base64url').slice(0, 27)}"` };
      drawn.set(key, result);
      return result;
    },
  };
}
