import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { LANGUAGE_STORAGE_KEY, RTL_LANGUAGES } from '../src/i18n/language-storage.ts';
import { SESSION_STORAGE_KEY } from '../src/api/token-store.ts';
import { STORE_KEYS } from '../src/features/player/player-store.ts';
import { BUDGET_ROUTES } from './bundle-budget.ts';
import { APP_ENTRY_ATTRIBUTE, APP_PRELOAD_ATTRIBUTE, FIRST_SCREEN_ATTRIBUTE } from '../src/app/first-screen-data.ts';

/** How long a drawn page's code waits for its main picture at most. */
const FIRST_SCREEN_CODE_WAIT_MS = 2500;

const I18N_DIR = path.resolve(import.meta.dirname, '../src/i18n');

/** The languages with a translations file (src/i18n/{lang}.json). */
function translatedLanguages(): string[] {
  return readdirSync(I18N_DIR)
    .map((file) => /^([a-z]{2})\.json$/.exec(file)?.[1])
    .filter((language): language is string => Boolean(language));
}

/** The built chunk of each language's translations, by language. */
function translationChunks(ctx: IndexHtmlTransformContext, base: string): Record<string, string> {
  const chunks: Record<string, string> = {};
  for (const output of Object.values(ctx.bundle ?? {})) {
    if (output.type !== 'chunk' || !output.facadeModuleId) continue;
    const match = /[\\/]src[\\/]i18n[\\/]([a-z]{2})\.json$/.exec(output.facadeModuleId);
    if (match?.[1]) chunks[match[1]] = base + output.fileName;
  }
  return chunks;
}

type OutputChunkLike = { type: string; fileName: string; facadeModuleId?: string | null; isEntry?: boolean; imports?: string[] };

/** A chunk and, transitively, the chunks it imports statically. */
function closure(chunks: Map<string, OutputChunkLike>, start: OutputChunkLike): Set<string> {
  const files = new Set<string>();
  const stack = [start.fileName];
  while (stack.length) {
    const file = stack.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    stack.push(...(chunks.get(file)?.imports ?? []));
  }
  return files;
}

/**
 * For each first-load page (a URL pattern), the files of its route chunk that the entry does not
 * already preload: without them the route's code is found only once the entry has run the router.
 */
function routePreloads(ctx: IndexHtmlTransformContext, base: string): [string, string[]][] {
  const chunks = new Map<string, OutputChunkLike>();
  for (const output of Object.values(ctx.bundle ?? {}) as OutputChunkLike[]) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const loaded = closure(chunks, entry);
  return BUDGET_ROUTES.map(({ module, pattern }) => {
    const route = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
    if (!route) throw new Error(`boot-script: no chunk for ${module}`);
    return [pattern.source, [...closure(chunks, route)].filter((file) => !loaded.has(file)).map((file) => base + file)];
  });
}

/**
 * A small inline script at the top of index.html: before the first paint it sets `<html lang dir>` to
 * the visitor's kept language (no flash of the wrong direction) and preloads that language's
 * translations chunk alongside the entry, instead of after it; on /games and /game/{id} it also
 * preloads the page's own code, so a phone on a weak signal waits for one round of downloads, not two;
 * it also starts fetching the data the page asks for first: the list on /games, and on /game/{id}
 * the game's public part, but only when the app will ask for exactly that (no session token, no code
 * kept for this game); a reply that depends on a code or a token is never fetched ahead. A kept value that is no language of
 * ours leaves index.html's own `lang`, the default. The server allows the script by its hash in the
 * Content-Security-Policy.
 */
export function bootScript(): Plugin {
  let base = '/';
  return {
    name: 'streethunt-boot-script',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const languages = translatedLanguages();
        const chunks = ctx.bundle ? translationChunks(ctx, base) : {};
        const routes = ctx.bundle ? routePreloads(ctx, base) : [];
        const missing = ctx.bundle ? languages.filter((language) => !chunks[language]) : [];
        if (missing.length) throw new Error(`boot-script: no translations chunk for ${missing.join(', ')}`);
        const code =
          `(function(){var l,d=document.documentElement,c=${JSON.stringify(chunks)},r=${JSON.stringify(routes)},f=[],i;` +
          // A page the server drew (FIRST_SCREEN_ATTRIBUTE) has its language and its data already.
          `var s=d.hasAttribute(${JSON.stringify(FIRST_SCREEN_ATTRIBUTE)});` +
          `if(s)l=d.lang;else{` +
          `try{l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
          `if(${JSON.stringify(languages)}.indexOf(l)<0)l=d.lang;` +
          `d.lang=l;d.dir=${JSON.stringify(RTL_LANGUAGES)}.indexOf(l)<0?'ltr':'rtl'}` +
          `if(c[l])f.push(c[l]);` +
          `for(i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(location.pathname))f=f.concat(r[i][1]);` +
          `function a(r,h,t){var p=document.createElement('link');p.rel=r;p.crossOrigin='';p.href=h;if(t)p.as=t;document.head.appendChild(p)}` +
          // A drawn page (the server moved its entry script and preloads into data attributes) starts its
          // code once the page's main picture is in (or failed, or 2.5 s later): on a weak signal the
          // bandwidth goes first to what the visitor sees, and the page is readable meanwhile.
          `function go(){if(go.d)return;go.d=1;var e=d.getAttribute(${JSON.stringify(APP_PRELOAD_ATTRIBUTE)}),x;f=f.concat(e?e.split(' '):[]);` +
          `for(i=0;i<f.length;i++)a('modulepreload',f[i]);` +
          `if(s){x=document.createElement('script');x.type='module';x.crossOrigin='';x.src=d.getAttribute(${JSON.stringify(APP_ENTRY_ATTRIBUTE)});document.head.appendChild(x)}}` +
          `if(!s)go();else document.addEventListener('DOMContentLoaded',function(){var m=document.querySelector('#root img[fetchpriority=high]');` +
          `if(!m||m.complete)go();else{m.addEventListener('load',go);m.addEventListener('error',go);setTimeout(go,${FIRST_SCREEN_CODE_WAIT_MS})}});` +
          `if(!s&&/^\\/games\\/?$/.test(location.pathname)&&!location.search)a('preload','/api/games','fetch');` +
          `var g=/^\\/game\\/([^/]+)\\/?$/.exec(location.pathname);` +
          `if(g&&!s)try{var id=decodeURIComponent(g[1]),k=JSON.parse(localStorage.getItem(${JSON.stringify(STORE_KEYS.active)})||'null');` +
          // In the language this phone chose for the game (features/player/kept-language.ts), else the one the address names, as the app asks.
          `var L=${JSON.stringify(languages)},q=JSON.parse(localStorage.getItem(${JSON.stringify(STORE_KEYS.language(''))}+id)||'null');` +
          `if(L.indexOf(q)<0)q=new URLSearchParams(location.search).get('lang');q=L.indexOf(q)<0?'':'?lang='+q;` +
          `if(!localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})&&!(k&&k.game_id===id&&k.game_secret))a('preload','/api/games/'+encodeURIComponent(id)+q,'fetch')}catch(e){}})()`;
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}
