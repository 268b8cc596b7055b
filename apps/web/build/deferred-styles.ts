import type { Plugin } from 'vite';

/** Marks the preloaded app stylesheets that src/app/styles/apply-app-styles.ts turns into real ones. */
const APP_STYLES_ATTRIBUTE = 'data-app-styles';

const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;

/**
 * Rewrites the entry's `<link rel="stylesheet">` in the built index.html into a preload, so the first
 * paint (the logo shell) waits for the HTML only, not for the stylesheet too. The download still
 * starts at once, at high priority; the app applies the sheet and waits for it before its first
 * render, so nothing ever shows unstyled.
 */
/** The preloads deferredStyles made, as `<link rel="stylesheet">` again: a page drawn on the server needs its sheet at once. */
export function linkDeferredStyles(html: string): string {
  return html.replace(DEFERRED_LINK, (_link, crossorigin: string | undefined, href: string) => `<link rel="stylesheet"${crossorigin ?? ''} href="${href}">`);
}

const DEFERRED_LINK = new RegExp(`<link rel="preload" as="style"( crossorigin)? href="([^"]+\\.css)" ${APP_STYLES_ATTRIBUTE}>`, 'g');

export function deferredStyles(): Plugin {
  return {
    name: 'streethunt-deferred-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(STYLESHEET_LINK, (_link, crossorigin: string | undefined, href: string) => `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" ${APP_STYLES_ATTRIBUTE}>`);
      },
    },
  };
}
