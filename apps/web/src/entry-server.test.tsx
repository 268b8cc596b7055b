// @vitest-environment node
// The server's renderer runs in Node without a DOM: so do these tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FirstScreenInput, GameListItem, GameReply, PublicConfig } from '@streethunt/shared';
import type { Manifest } from '../build/bundle-budget.ts';
import { firstScreenRequest, pageStylesheets, renderFirstScreen } from './entry-server.tsx';
import en from './i18n/en.json';
import he from './i18n/he.json';

const template = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8')
  // The built index.html names its entry script so (Vite writes it at build time).
  .replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-1.js"></script>');

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_web.js'], css: ['assets/web-1.css'] },
  '_web.js': { file: 'assets/web-1.js', css: ['assets/web-1.css'] },
  'src/features/games/games-page.tsx': { file: 'assets/games-page-1.js', imports: ['_web.js', '_grid.js'], css: ['assets/games-page-1.css'] },
  '_grid.js': { file: 'assets/grid-1.js', css: ['assets/grid-1.css'] },
  'src/features/player/player-page.tsx': { file: 'assets/player-page-1.js', imports: ['_web.js'], css: [] },
};

const publicConfig: PublicConfig = { appEnv: 'production', productionHosts: ['www.example.com'], bareDomain: null, tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', tileOffline: 'seen', vatPercent: 18, accessibilityContact: { name: null, email: 'accessibility@example.com', phone: null } };

function card(id: string, name: string): GameListItem {
  return {
    _id: id,
    userId: 'u1',
    status: 'APPROVED',
    metadata: { name, locationCity: 'Tel Aviv', locationText: 'Rothschild', price: '45', currencyCode: 'ILS', language: 'he', map: false, coverImage: '/media/covers/0123456789abcdef.webp' },
    start: null,
  };
}

const game: GameReply = {
  _id: '64656d6f67616d6500000002',
  userId: 'u1',
  status: 'APPROVED',
  metadata: { name: 'Old Jaffa', locationCity: 'Jaffa', locationText: 'Clock Tower', price: '60', currencyCode: 'ILS', language: 'en', map: false, coverImage: '/media/covers/0123456789abcdef.webp' },
  introPage: { content: '<p>A walk <a href="https://example.com">far</a></p>' },
  gameoverPage: { content: '<p>the end</p>', hideGameSummary: false },
  questionCount: 3,
};

function input(url: string, more: Partial<FirstScreenInput> = {}): FirstScreenInput {
  return { url, publicUrl: 'https://www.example.com', hostname: 'www.example.com', cookie: undefined, publicConfig, cleanRichText: (html) => html, ...more };
}

/** The JSON the page carries, as the browser reads it back. */
function pageData(html: string): { page: string; language: string; languageOf: string; queries: { key: unknown[]; data?: unknown; error?: unknown }[] } {
  const json = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no first-screen data in the page');
  return JSON.parse(json) as ReturnType<typeof pageData>;
}

describe('firstScreenRequest: what the server draws', () => {
  it('/games with its search and filters, as the client asks for the list; not near me, one creator or the map', () => {
    expect(firstScreenRequest('/games', '')).toEqual({ page: 'games', listQuery: '' });
    expect(firstScreenRequest('/games', '?q=%20Jaffa%20&price=free&aff=X')).toEqual({ page: 'games', listQuery: 'q=Jaffa&price=free' });
    for (const search of ['?near=1', '?user=abc', '?view=map']) expect(firstScreenRequest('/games', search), search).toBeNull();
  });

  it('/game/{id} (the id decoded, a broken one kept for the 404), and no other page', () => {
    expect(firstScreenRequest('/game/abc%20d', '')).toEqual({ page: 'game', gameId: 'abc d' });
    expect(firstScreenRequest('/game/%E0%A4%A', '')).toEqual({ page: 'game', gameId: '' });
    for (const pathname of ['/', '/games/', '/game', '/game/a/b', '/terms', '/my-games']) expect(firstScreenRequest(pathname, ''), pathname).toBeNull();
  });
});

describe('renderFirstScreen', () => {
  it('/games: the heading and the cards in the visitor’s language, the list as the client caches it, the page’s own stylesheets linked', async () => {
    const list = { data: [card('g1', 'First game'), card('g2', 'Second game')], nextCursor: 'next' };
    const hebrew = await renderFirstScreen({ template, manifest }, input('/games', { list }));
    expect(hebrew.status).toBe(200);
    expect(hebrew.html).toMatch(/<html lang="he" dir="rtl" data-first-screen data-app-entry="\/assets\/index-1.js" data-app-preload="" /);
    expect(hebrew.html).toContain(`>${he.games.title}</h1>`);
    expect(hebrew.html).toContain('First game');
    expect(hebrew.html).toContain('<link rel="stylesheet" crossorigin href="/assets/games-page-1.css"><link rel="stylesheet" crossorigin href="/assets/grid-1.css">');
    // The entry script is started by the start-up script once the cover is in, not by the parser.
    expect(hebrew.html).not.toContain('src="/assets/index-1.js"');
    expect(pageData(hebrew.html).queries).toContainEqual({ key: ['games', 'list', ''], data: { pages: [{ games: list.data, nextCursor: 'next' }], pageParams: [null] } });

    const english = await renderFirstScreen({ template, manifest }, input('/games', { list, cookie: 'aff=X; lang=en' }));
    expect(english.html).toMatch(/<html lang="en" dir="ltr"/);
    expect(english.html).toContain(`>${en.games.title}</h1>`);
    expect(pageData(english.html)).toMatchObject({ page: 'games', language: 'en', languageOf: 'visitor' });
  });

  it("/game/{id}: the intro in the game's language, cleaned by the server's cleaner, with its preview tags", async () => {
    const page = await renderFirstScreen({ template, manifest }, input(`/game/${game._id}`, { game, cookie: 'lang=he', cleanRichText: (html) => html.replace('far', 'cleaned') }));
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html lang="en" dir="ltr"/);
    expect(page.html).toContain('>Old Jaffa</h1>');
    expect(page.html).toContain('cleaned');
    expect(page.html).toContain(`>${en.player.intro.letsPlay.replace(/'/g, '&#x27;')}<`);
    expect(page.html).toContain('<meta property="og:image" content="https://www.example.com/media/covers/0123456789abcdef.webp?w=1280">');
    expect(page.html).toContain(`<link rel="canonical" href="https://www.example.com/game/${game._id}">`);
    expect(pageData(page.html)).toMatchObject({ page: 'game', language: 'en', languageOf: 'game' });
  });

  it('/game/{id} of a game in two languages: the page in the language it was drawn in, with an alternate address per language', async () => {
    const translated: GameReply = { ...game, metadata: { ...game.metadata, name: 'יפו העתיקה', language: 'he', originalLanguage: 'en', languages: ['en', 'he'] } };
    const page = await renderFirstScreen({ template, manifest }, input(`/game/${game._id}?lang=he`, { game: translated, cookie: 'lang=he' }));
    expect(page.html).toMatch(/<html lang="he" dir="rtl"/);
    expect(page.html).toContain('>יפו העתיקה</h1>');
    expect(page.html).toContain(`<link rel="canonical" href="https://www.example.com/game/${game._id}?lang=he">`);
    expect(page.html).toContain(`<link rel="alternate" hreflang="en" href="https://www.example.com/game/${game._id}?lang=en">`);
    expect(page.html).toContain(`<link rel="alternate" hreflang="he" href="https://www.example.com/game/${game._id}?lang=he">`);
    expect(page.html).toContain('<meta property="og:locale" content="he_IL">');
    expect(page.html).toContain('<meta property="og:locale:alternate" content="en_US">');
    // A game in one language has no alternates.
    expect((await renderFirstScreen({ template, manifest }, input(`/game/${game._id}`, { game }))).html).not.toContain('hreflang');
  });

  it('a game that is not there: the not-found screen, 404, in the visitor’s language, not indexed', async () => {
    const page = await renderFirstScreen({ template, manifest }, input('/game/nope', { game: null, cookie: 'lang=en' }));
    expect(page.status).toBe(404);
    expect(page.html).toContain('data-testid="game-not-found"');
    expect(page.html).toContain(en.player.errors.notFoundTitle);
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(pageData(page.html).queries).toContainEqual({ key: ['player', 'game', 'nope', ''], error: { status: 404, code: 'not_found', message: 'No such game' } });
  });

  it("a creator's text cannot end the page's data or open a tag: names and descriptions are escaped everywhere", async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const page = await renderFirstScreen({ template, manifest }, input(`/game/${game._id}`, { game: { ...game, metadata: { ...game.metadata, name: hostile, locationCity: '"><b>x' } } }));
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('"><b>x');
    expect((pageData(page.html).queries[1]?.data as GameReply).metadata.name).toBe(hostile);
  });
});

describe('pageStylesheets', () => {
  it("lists a page's own CSS, not what the entry already links", () => {
    expect(pageStylesheets(manifest, 'games')).toEqual(['/assets/games-page-1.css', '/assets/grid-1.css']);
    expect(pageStylesheets(manifest, 'game')).toEqual([]);
  });
});
