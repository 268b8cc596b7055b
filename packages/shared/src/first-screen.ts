import type { PublicConfig } from './schemas/config.ts';
import type { GameReply } from './schemas/game.ts';
import type { GameListReply } from './schemas/game-list.ts';

// The contract between the API server and the web app's server build (apps/web/src/entry-server.tsx,
// loaded at run time from apps/web/dist-server): the server fetches the data, the web app draws the page.

/** What the server fetches before the page is drawn: the list's query (as the client asks for it), or one game. */
export type FirstScreenRequest = { page: 'games'; listQuery: string } | { page: 'game'; gameId: string };

export type FirstScreenInput = {
  /** The page's path and query. */
  url: string;
  /** This site's public origin (PUBLIC_URL): the preview's absolute links. */
  publicUrl: string;
  /** The host the page was asked for (the environment banner). */
  hostname: string;
  /** The request's Cookie header: the visitor's language. */
  cookie: string | undefined;
  publicConfig: PublicConfig;
  /** /games: the first page of the list, as `GET /api/games` answered. */
  list?: GameListReply;
  /** /game/{id}: the game's public part as `GET /api/games/{id}` answers a stranger; null when that is 404. */
  game?: GameReply | null;
  /** The server's cleaner for the creator's rich text (the browser's needs a DOM). */
  cleanRichText(html: string): string;
};

/** The drawn page: the built index.html around it. */
export type FirstScreen = { status: 200 | 404; html: string };

/** The browser build a page is drawn for: its index.html and its manifest (dist/.vite/manifest.json). */
export type FirstScreenBuild<Manifest = unknown> = { template: string; manifest: Manifest };

/** What the web app's server build exports. */
export type FirstScreenModule = {
  firstScreenRequest(pathname: string, search: string): FirstScreenRequest | null;
  visitorLanguage(cookie: string | undefined): string;
  renderFirstScreen(build: FirstScreenBuild, input: FirstScreenInput): Promise<FirstScreen>;
};
