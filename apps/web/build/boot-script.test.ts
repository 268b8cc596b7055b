import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, Plugin } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE } from '@streethunt/shared';
import { bootScript } from './boot-script.ts';

/** A build: the entry, the two first-load pages (sharing a chunk with the entry and one of their own) and a lazy map. */
const pages = [
  { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: '/repo/apps/web/index.html', imports: ['assets/react.js'] },
  { type: 'chunk', fileName: 'assets/react.js', imports: [] },
  { type: 'chunk', fileName: 'assets/games-page.js', facadeModuleId: '/repo/apps/web/src/features/games/games-page.tsx', imports: ['assets/react.js', 'assets/card.js'] },
  { type: 'chunk', fileName: 'assets/card.js', imports: ['assets/react.js'] },
  { type: 'chunk', fileName: 'assets/player-page.js', facadeModuleId: '/repo/apps/web/src/features/player/player-page.tsx', imports: ['assets/react.js', 'assets/input.js'] },
  { type: 'chunk', fileName: 'assets/input.js', imports: [] },
  { type: 'chunk', fileName: 'assets/map.js', facadeModuleId: '/repo/apps/web/src/ui/map/game-map.tsx', imports: ['assets/react.js'] },
];

/** The script the plugin puts into the built index.html, for that build with these translation chunks. */
function builtScript(chunks: Record<string, string>): string {
  const plugin: Plugin = bootScript();
  const bundle = Object.fromEntries([
    ...pages.map((chunk) => [chunk.fileName, chunk]),
    ...Object.entries(chunks).map(([language, fileName]) => [fileName, { type: 'chunk', fileName, facadeModuleId: `/repo/apps/web/src/i18n/${language}.json` }]),
  ]);
  const { handler } = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  // The handler reads nothing of Vite's plugin context.
  const tags = handler.call({} as ThisParameterType<IndexHtmlTransformHook>, '', { bundle } as unknown as IndexHtmlTransformContext) as { children: string }[];
  return tags[0]!.children;
}

const chunks = { he: 'assets/he-1.js', en: 'assets/en-2.js' };

/** The links the script adds, caught before they reach the document (happy-dom would fetch them). */
let added: HTMLLinkElement[] = [];
function runScript(pathname: string) {
  window.history.replaceState(null, '', pathname);
  added = [];
  const append = vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLLinkElement);
    return node;
  });
  try {
    new Function(builtScript(chunks))();
  } finally {
    append.mockRestore();
  }
}
const preloads = () => added.filter((link) => link.rel === 'modulepreload').map((link) => link.getAttribute('href'));
const fetchedAhead = () => added.filter((link) => link.rel === 'preload').map((link) => [link.getAttribute('href'), link.getAttribute('as')]);

describe('index.html start-up script', () => {
  afterEach(() => {
    localStorage.clear();
    for (const name of ['data-first-screen', 'data-app-entry', 'data-app-preload']) document.documentElement.removeAttribute(name);
    document.body.innerHTML = '';
    document.documentElement.lang = DEFAULT_LANGUAGE;
    document.documentElement.dir = 'rtl';
    window.history.replaceState(null, '', '/');
  });

  it('starts from the default language: index.html says lang="he" dir="rtl", as the shared constant does', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
    expect(html).toMatch(new RegExp(`<html lang="${DEFAULT_LANGUAGE}" dir="rtl"[ >]`));
  });

  it('sets the kept language and direction before the app runs, and preloads only its translations', () => {
    localStorage.setItem('lang', 'en');
    runScript('/terms');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(preloads()).toEqual(['/assets/en-2.js']);
  });

  it('keeps the default for a first visit or a kept value that is no language of ours', () => {
    for (const kept of [null, 'fr', '<script>']) {
      if (kept === null) localStorage.removeItem('lang');
      else localStorage.setItem('lang', kept);
      runScript('/terms');
      expect(document.documentElement.lang).toBe('he');
      expect(document.documentElement.dir).toBe('rtl');
      expect(preloads()).toEqual(['/assets/he-1.js']);
    }
  });

  describe('on a page the server drew', () => {
    const drawn = (pathname: string, picture?: HTMLImageElement) => {
      localStorage.setItem('lang', 'he');
      const html = document.documentElement;
      html.setAttribute('data-first-screen', '');
      html.setAttribute('data-app-entry', '/assets/index.js');
      html.setAttribute('data-app-preload', '/assets/react.js');
      html.lang = 'en';
      html.dir = 'ltr';
      document.body.innerHTML = '<div id="root"></div>';
      if (picture) document.getElementById('root')!.append(picture);
      // This run's DOMContentLoaded listener only (the document keeps earlier runs' too).
      const listen = vi.spyOn(document, 'addEventListener');
      try {
        runScript(pathname);
      } finally {
        onParsed = listen.mock.calls.find(([type]) => type === 'DOMContentLoaded')?.[1] as (() => void) | undefined;
        listen.mockRestore();
      }
    };
    let onParsed: (() => void) | undefined;
    const scripts = () => added.filter((node) => node.tagName === 'SCRIPT').map((node) => [(node as unknown as HTMLScriptElement).type, node.getAttribute('src')]);
    /** DOMContentLoaded, with the links the script adds then caught too. */
    const parsed = (event?: Event, target?: EventTarget) => {
      const append = vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
        added.push(node as unknown as HTMLLinkElement);
        return node;
      });
      try {
        if (event && target) target.dispatchEvent(event);
        else onParsed?.();
      } finally {
        append.mockRestore();
      }
    };

    it('leaves its language alone (a game in its own) and fetches no data ahead: it is in the page', () => {
      drawn('/game/abc123');
      expect(document.documentElement.lang).toBe('en');
      expect(document.documentElement.dir).toBe('ltr');
      expect(fetchedAhead()).toEqual([]);
    });

    it('starts its code once the page is parsed when it has no main picture: the language, the page, the entry', () => {
      drawn('/game/abc123');
      expect(added).toEqual([]);
      parsed();
      expect(preloads()).toEqual(['/assets/en-2.js', '/assets/player-page.js', '/assets/input.js', '/assets/react.js']);
      expect(scripts()).toEqual([['module', '/assets/index.js']]);
    });

    it('waits for the main picture to load (or fail) first, and starts only once', () => {
      const picture = document.createElement('img');
      picture.setAttribute('fetchpriority', 'high');
      Object.defineProperty(picture, 'complete', { value: false });
      drawn('/games', picture);
      parsed();
      expect(added).toEqual([]);
      parsed(new Event('load'), picture);
      expect(scripts()).toEqual([['module', '/assets/index.js']]);
      parsed(new Event('error'), picture);
      expect(scripts()).toHaveLength(1);
      expect(fetchedAhead()).toEqual([]);
    });
  });

  it("preloads a first-load page's own code on that page only, never what the entry already brings", () => {
    const run = (pathname: string) => {
      runScript(pathname);
      return preloads();
    };
    expect(run('/games')).toEqual(['/assets/he-1.js', '/assets/games-page.js', '/assets/card.js']);
    // The public list is fetched alongside, as the page will ask for it.
    expect(fetchedAhead()).toEqual([['/api/games', 'fetch']]);
    expect(run('/game/abc123')).toEqual(['/assets/he-1.js', '/assets/player-page.js', '/assets/input.js']);
    expect(run('/games/extra/path')).toEqual(['/assets/he-1.js']);
    expect(fetchedAhead()).toEqual([]);
    expect(run('/terms')).toEqual(['/assets/he-1.js']);
  });

  it("fetches a game's public part ahead only when the app will ask for exactly that", () => {
    const fetched = (pathname: string) => {
      runScript(pathname);
      return fetchedAhead().map(([href]) => href);
    };
    expect(fetched('/game/g%201')).toEqual(['/api/games/g%201']);
    // A code kept for another game does not matter; one kept for this game is sent with the request.
    localStorage.setItem('activeGame', JSON.stringify({ game_id: 'other', game_secret: 'ABC123' }));
    expect(fetched('/game/g1')).toEqual(['/api/games/g1']);
    localStorage.setItem('activeGame', JSON.stringify({ game_id: 'g1', game_secret: 'ABC123' }));
    expect(fetched('/game/g1')).toEqual([]);
    localStorage.setItem('activeGame', JSON.stringify({ game_id: 'g1', game_secret: null }));
    expect(fetched('/game/g1')).toEqual(['/api/games/g1']);
    // In the language this phone chose for the game, as the app will ask; a broken choice is no choice.
    localStorage.setItem('player.language.g1', JSON.stringify('en'));
    expect(fetched('/game/g1')).toEqual(['/api/games/g1?lang=en']);
    localStorage.setItem('player.language.g1', JSON.stringify('xx'));
    expect(fetched('/game/g1')).toEqual(['/api/games/g1']);
    // Else the language the address names; the phone's own choice comes first.
    expect(fetched('/game/g1?lang=en')).toEqual(['/api/games/g1?lang=en']);
    localStorage.setItem('player.language.g1', JSON.stringify('he'));
    expect(fetched('/game/g1?lang=en')).toEqual(['/api/games/g1?lang=he']);
    localStorage.removeItem('player.language.g1');
    // A logged-in visitor's token goes with the request (an owner sees more): nothing ahead.
    localStorage.setItem('session', JSON.stringify({ accessToken: 't' }));
    expect(fetched('/game/g1')).toEqual([]);
    localStorage.removeItem('session');
    // Broken storage or a broken path: no fetch, and no error.
    localStorage.setItem('activeGame', '{broken');
    expect(fetched('/game/g1')).toEqual([]);
    localStorage.removeItem('activeGame');
    expect(fetched('/game/%E0%A4%A')).toEqual([]);
  });

  it('fails the build when a language has no translations chunk', () => {
    expect(() => builtScript({ he: 'assets/he-1.js' })).toThrow(/no translations chunk for en/);
  });
});
