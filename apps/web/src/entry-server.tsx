/**
 * The first screen of `/games` and `/game/{id}` as HTML, drawn on the server by the same components the
 * browser runs (Vite's SSR build of this file: dist-server/entry-server.js). The API server fetches the
 * data (`firstScreenRequest` says which), calls `renderFirstScreen`, and sends the page; the browser
 * hydrates it (main.tsx) from the data written beside it. Never in it: answers, hints, questions, or
 * anything of a logged-in visitor (the server renders as an anonymous visitor without a code).
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, LANGUAGES, type FirstScreen, type FirstScreenBuild, type FirstScreenInput, type FirstScreenModule, type FirstScreenRequest, type Language } from '@streethunt/shared';
import { responsiveImage } from '@streethunt/shared/media';
import { gamesListQueryString } from '@streethunt/shared/games-list';
import { App, createQueryClient } from './app/app.tsx';
import { APP_ENTRY_ATTRIBUTE, APP_PRELOAD_ATTRIBUTE, FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID, primeQueries, type FirstScreenData, type FirstScreenQuery } from './app/first-screen-data.ts';
import { RequestHostContext } from './app/request-host.tsx';
import { routes } from './app/router.tsx';
import { gamesKeys } from './features/games/api.ts';
import { COVER_SIZES, COVER_WIDTH } from './features/games/game-card.tsx';
import { listQueryFilters, readPageFilters } from './features/games/page-filters.ts';
import { gameKey } from './features/player/use-game.ts';
import { directionOf } from './i18n/setup.ts';
import { languageFromCookie } from './i18n/language-storage.ts';
import en from './i18n/en.json';
import he from './i18n/he.json';
import { INTRO_COVER_SIZES, INTRO_COVER_WIDTH } from './ui/game/intro-view.tsx';
import { BUDGET_ROUTES, staticClosure, type Manifest } from '../build/bundle-budget.ts';
import { linkDeferredStyles } from '../build/deferred-styles.ts';
import { RichTextCleanerContext } from './ui/rich-content.tsx';

const GAME_PATH = /^\/game\/([^/]+)$/;

/**
 * The page at this address that is drawn on the server, and what it needs; null for every other page
 * (client-rendered) and for the list's views that depend on the browser: near me (the position), one
 * creator's games (the heading waits for the creator), the map.
 */
export function firstScreenRequest(pathname: string, search: string): FirstScreenRequest | null {
  if (pathname === '/games') {
    const filters = readPageFilters(new URLSearchParams(search));
    if (filters.near || filters.user || filters.view === 'map') return null;
    return { page: 'games', listQuery: gamesListQueryString(listQueryFilters(filters, null)) };
  }
  const game = GAME_PATH.exec(pathname);
  if (!game?.[1]) return null;
  try {
    return { page: 'game', gameId: decodeURIComponent(game[1]) };
  } catch {
    return { page: 'game', gameId: '' };
  }
}

/** The browser build the page is drawn for (the server passes its manifest as it read it). */
export type ClientBuild = FirstScreenBuild<Manifest>;

/**
 * The stylesheets of a page's own code (its CSS modules), which the browser would otherwise add only
 * once that code has loaded: the drawn page needs them from its first paint, or it shifts when they come.
 */
export function pageStylesheets(manifest: Manifest, page: FirstScreenRequest['page']): string[] {
  const module = BUDGET_ROUTES.find((route) => route.path === (page === 'games' ? '/games' : '/game/{id}'))!.module;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const linked = new Set(entry ? staticClosure(manifest, [entry]).flatMap((key) => manifest[key]?.css ?? []) : []);
  const own = staticClosure(manifest, [module]).flatMap((key) => manifest[key]?.css ?? []);
  return [...new Set(own)].filter((file) => !linked.has(file)).map((file) => `/${file}`);
}

const TEXTS: Record<Language, typeof he> = { he, en };

/** One i18next per language, started synchronously with its texts: a render never waits for them. */
const translations = new Map<Language, I18n>(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      resources: { [language]: { translation: TEXTS[language] } },
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      initAsync: false,
    });
    return [language, instance];
  }),
);

const handler = createStaticHandler(routes);

/** The visitor's language as a request's Cookie header keeps it, else the default. */
export function visitorLanguage(cookie: string | undefined): Language {
  return languageFromCookie(cookie, LANGUAGES) ?? DEFAULT_LANGUAGE;
}

/** The page's HTML for `input`, in the built index.html. */
export async function renderFirstScreen(build: ClientBuild, input: FirstScreenInput): Promise<FirstScreen> {
  const address = new URL(input.url, input.publicUrl);
  const request = firstScreenRequest(address.pathname, address.search);
  if (!request) throw new Error(`no first screen for ${input.url}`);
  // A game's page is in the game's own language; the list, and a game that is not there, in the visitor's.
  const languageOf = request.page === 'game' && input.game ? 'game' : 'visitor';
  const language = input.game && languageOf === 'game' ? input.game.metadata.language : visitorLanguage(input.cookie);
  const i18n = translations.get(language)!;
  const t = i18n.getFixedT(language);
  const appName = t('common.appName');

  const queries: FirstScreenQuery[] = [{ key: ['public-config'], data: input.publicConfig }];
  let status: 200 | 404 = 200;
  let head: string;
  if (request.page === 'games') {
    const reply = input.list ?? { data: [], nextCursor: null };
    const page = { games: reply.data.filter((game) => game.status === 'APPROVED'), nextCursor: reply.nextCursor ?? null };
    queries.push({ key: gamesKeys.list(Object.fromEntries(new URLSearchParams(request.listQuery))), data: { pages: [page], pageParams: [null] } });
    const cover = page.games[0]?.metadata.coverImage.trim();
    head = previewTags({
      title: `${t('games.title')} | ${appName}`,
      description: t('common.metaDescription'),
      url: `${input.publicUrl}${input.url}`,
      language,
      preload: cover ? coverPreload(cover, COVER_WIDTH, COVER_SIZES) : '',
    });
  } else if (input.game) {
    const game = input.game;
    const { name, locationCity, coverImage } = game.metadata;
    const title = name.trim() || t('player.intro.title');
    // Under the key the phone asks by: the language the address names, when the page is drawn in it (the player's language-choice.ts).
    const named = address.searchParams.get('lang');
    queries.push({ key: gameKey(request.gameId, null, named === game.metadata.language ? game.metadata.language : null), data: game });
    head = previewTags({
      title: `${title} | ${appName}`,
      description: locationCity.trim() ? t('preview.game', { name: title, city: locationCity.trim() }) : t('preview.gameNoCity', { name: title }),
      // A translation's page is its own address: the original's has none, so links made before languages stay canonical.
      url: `${input.publicUrl}/game/${encodeURIComponent(game._id)}${game.metadata.originalLanguage ? `?lang=${game.metadata.language}` : ''}`,
      language,
      // Each language the game is offered in has its own address (the page is drawn in it).
      alternates: (game.metadata.languages ?? []).map((other) => ({ language: other, url: `${input.publicUrl}/game/${encodeURIComponent(game._id)}?lang=${other}` })),
      image: coverImage.trim() ? absoluteUrl(responsiveImage(coverImage.trim(), 1280).src, input.publicUrl) : undefined,
      imageAlt: title,
      preload: coverImage.trim() ? coverPreload(coverImage.trim(), INTRO_COVER_WIDTH, INTRO_COVER_SIZES) : '',
    });
  } else {
    status = 404;
    queries.push({ key: gameKey(request.gameId, null), error: { status: 404, code: 'not_found', message: 'No such game' } });
    head = previewTags({ title: `${t('notFound.title')} | ${appName}`, description: t('common.metaDescription'), language, noIndex: true });
  }

  const queryClient = createQueryClient();
  primeQueries(queryClient, queries);
  const body = await renderBody(address, input, queryClient, i18n);
  const data: FirstScreenData = { page: request.page, language, languageOf, ...(request.page === 'game' && { gameId: request.gameId }), queries };
  const styles = pageStylesheets(build.manifest, request.page).map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`);
  return { status, html: firstScreenDocument(build.template, { language, head: styles.join('') + head, body, data }) };
}

async function renderBody(address: URL, input: FirstScreenInput, queryClient: QueryClient, i18n: I18n): Promise<string> {
  const context = await handler.query(new Request(address));
  if (context instanceof Response) throw new Error(`the router answered ${input.url} with a response (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <RequestHostContext.Provider value={input.hostname}>
      <RichTextCleanerContext.Provider value={input.cleanRichText}>
        <I18nextProvider i18n={i18n}>
          <App queryClient={queryClient}>
            {/* No hydration script of the router's own: the page's CSP allows no inline script; main.tsx loads the route's code itself. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </App>
        </I18nextProvider>
      </RichTextCleanerContext.Provider>
    </RequestHostContext.Provider>,
  );
}

/* eslint-disable redos/no-vulnerable -- these read only the built index.html (our own file), never text a person sends */
/** Where index.html's loading shell sits: replaced by the rendered page. */
const ROOT_SHELL = /<!--app-->[\s\S]*<!--\/app-->/;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The built index.html around the rendered page: its language, head tags, stylesheet, body and data.
 * The entry script and its preloads become attributes the start-up script reads (build/boot-script.ts),
 * which loads them once the page's main picture is in.
 */
export function firstScreenDocument(template: string, page: { language: Language; head: string; body: string; data: FirstScreenData }): string {
  if (!ROOT_SHELL.test(template)) throw new Error('index.html has no <!--app--> shell to replace');
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const code = `${APP_ENTRY_ATTRIBUTE}="${escapeAttribute(entry)}" ${APP_PRELOAD_ATTRIBUTE}="${escapeAttribute(preloads.join(' '))}"`;
  return linkDeferredStyles(template)
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<html[^>]*>/, `<html lang="${page.language}" dir="${directionOf(page.language)}" ${FIRST_SCREEN_ATTRIBUTE} ${code} data-mantine-color-scheme="light">`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${page.head}</head>`)
    .replace(ROOT_SHELL, () => page.body)
    .replace('</body>', () => `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonInHtml(page.data)}</script></body>`);
}
/* eslint-enable redos/no-vulnerable */

/** JSON that cannot end its `<script>` early nor open a comment in it. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, `${publicUrl}/`).toString();
  } catch {
    return url;
  }
}

/** The cover as the page shows it, fetched from the head at the width its slot needs (the same srcset and sizes as the img). */
function coverPreload(src: string, fallbackWidth: number, sizes: string): string {
  const image = responsiveImage(src, fallbackWidth);
  if (!image.srcSet) return `<link rel="preload" as="image" href="${escapeAttribute(image.src)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" href="${escapeAttribute(image.src)}" imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`;
}

const OG_LOCALES: Record<Language, string> = { he: 'he_IL', en: 'en_US' };

/** The title, description and a shared link's preview (Open Graph, Twitter). */
function previewTags(page: {
  title: string;
  description: string;
  language: Language;
  url?: string;
  image?: string;
  imageAlt?: string;
  preload?: string;
  noIndex?: boolean;
  alternates?: Array<{ language: Language; url: string }>;
}): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
  const tags = [
    `<title>${escapeText(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.noIndex ? meta('name', 'robots', 'noindex') : '',
    page.url ? `<link rel="canonical" href="${escapeAttribute(page.url)}">` : '',
    ...(page.alternates ?? []).map((other) => `<link rel="alternate" hreflang="${other.language}" href="${escapeAttribute(other.url)}">`),
    ...(page.alternates ?? []).flatMap((other) => (other.language === page.language ? [] : [meta('property', 'og:locale:alternate', OG_LOCALES[other.language])])),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'StreetHunt'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:locale', OG_LOCALES[page.language]),
    page.url ? meta('property', 'og:url', page.url) : '',
    page.image ? meta('property', 'og:image', page.image) : '',
    page.image && page.imageAlt ? meta('property', 'og:image:alt', page.imageAlt) : '',
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    page.image ? meta('name', 'twitter:image', page.image) : '',
    page.preload ?? '',
  ];
  return tags.filter(Boolean).join('');
}

/** What the API server loads (packages/shared/src/first-screen.ts): the compiler holds these exports to the contract. */
const firstScreenModule: FirstScreenModule = { firstScreenRequest, visitorLanguage, renderFirstScreen };
export default firstScreenModule;
