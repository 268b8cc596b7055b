import { createContext, useContext, useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { cleanRichTextStyle } from '@streethunt/shared';

/** Elements removed together with everything inside them. */
const DROP = new Set([
  'SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'APPLET', 'TEMPLATE', 'NOSCRIPT', 'FORM', 'INPUT',
  'BUTTON', 'TEXTAREA', 'SELECT', 'OPTION', 'SVG', 'MATH', 'BASE', 'META', 'LINK', 'TITLE', 'HEAD', 'DIALOG', 'PORTAL',
]);

/** Elements kept; any other is replaced by its content. */
const TAGS = new Set([
  'P', 'BR', 'HR', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'STRIKE', 'DEL', 'INS', 'MARK', 'SMALL', 'SUB', 'SUP', 'CODE', 'PRE',
  'BLOCKQUOTE', 'SPAN', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'A', 'IMG', 'VIDEO', 'AUDIO', 'SOURCE',
  'FIGURE', 'FIGCAPTION', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'CAPTION',
]);

const GLOBAL_ATTRIBUTES = new Set(['dir', 'lang', 'title', 'style']);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  A: new Set(['href']),
  IMG: new Set(['src', 'alt', 'width', 'height']),
  VIDEO: new Set(['src', 'poster', 'width', 'height', 'loop', 'muted']),
  AUDIO: new Set(['src', 'loop']),
  SOURCE: new Set(['src', 'type']),
  OL: new Set(['start']),
  TD: new Set(['colspan', 'rowspan']),
  TH: new Set(['colspan', 'rowspan']),
};

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'https://invalid.invalid' : window.location.origin;
}

/** Media may come only over https or from our own site. */
export function isAllowedMediaUrl(value: string, origin: string = currentOrigin()): boolean {
  try {
    const url = new URL(value.trim(), origin);
    return url.protocol === 'https:' || url.origin === origin;
  } catch {
    return false;
  }
}

function isAllowedLink(value: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(value.trim(), currentOrigin()).protocol);
  } catch {
    return false;
  }
}

function cleanAttributes(element: Element): void {
  const allowed = TAG_ATTRIBUTES[element.tagName];
  for (const name of element.getAttributeNames()) {
    const value = element.getAttribute(name) ?? '';
    const keep =
      (GLOBAL_ATTRIBUTES.has(name) || Boolean(allowed?.has(name))) &&
      !(name === 'href' && !isAllowedLink(value)) &&
      !((name === 'src' || name === 'poster') && !isAllowedMediaUrl(value));
    if (!keep) element.removeAttribute(name);
    else if (name === 'style') {
      // Only the editor's own declarations, as the server keeps them (packages/shared); none left, no attribute.
      const style = cleanRichTextStyle(value);
      if (style) element.setAttribute('style', style);
      else element.removeAttribute('style');
    }
  }
  switch (element.tagName) {
    case 'A':
      if (element.hasAttribute('href')) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
      break;
    case 'IMG':
      // The editor asks for no text for a picture: without one it is decoration, not its file name read out.
      if (!element.hasAttribute('alt')) element.setAttribute('alt', '');
      element.setAttribute('loading', 'lazy');
      element.setAttribute('style', 'max-inline-size:100%;block-size:auto');
      break;
    case 'VIDEO':
      element.setAttribute('controls', '');
      element.setAttribute('playsinline', '');
      element.setAttribute('style', 'max-inline-size:100%;block-size:auto');
      break;
    case 'AUDIO':
      element.setAttribute('controls', '');
      break;
  }
}

function cleanChildren(parent: ParentNode): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.parentNode?.removeChild(node);
      continue;
    }
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (DROP.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (TAGS.has(tag)) {
      cleanAttributes(element);
    } else {
      element.replaceWith(...Array.from(element.childNodes));
    }
  }
}

/**
 * Our own allow-list pass over (already sanitized) HTML, parsed inert in a <template>: only known
 * elements and attributes, only the inline styles the editor writes, links with safe protocols
 * opening in a new tab, media over https or from our site. It also keeps us safe where DOMPurify cannot work (it is known to be broken under
 * happy-dom, cure53/DOMPurify#1457, which is where the component tests run).
 */
export function enforceAllowList(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  cleanChildren(template.content);
  return template.innerHTML;
}

let purifyWorks: boolean | null = null;

/**
 * DOMPurify is used where it is supported and really sanitizes: a quick self-check, once. (The probe
 * holds no event handler: parsing one makes browsers log a CSP violation, even in an inert document.)
 */
function canUseDOMPurify(): boolean {
  if (purifyWorks === null) {
    try {
      purifyWorks = DOMPurify.isSupported && DOMPurify.sanitize('<p>a</p><b title="t">b</b><x-probe>c</x-probe>') === '<p>a</p><b title="t">b</b>c';
    } catch {
      purifyWorks = false;
    }
  }
  return purifyWorks;
}

/**
 * Game text written by a creator, made safe: no scripts, no event handlers, no javascript: URLs, no
 * forms or frames, no style that moves, scales or hides a box; links open in a new tab with
 * rel=noopener; images and videos only over https or from our own site. DOMPurify first, then our allow-list pass.
 */
export function sanitizeRichContent(html: string): string {
  if (!html) return '';
  const purified = canUseDOMPurify()
    ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: [...DROP].map((t) => t.toLowerCase()), ALLOW_DATA_ATTR: false })
    : html;
  return enforceAllowList(purified);
}

/**
 * How rich text is cleaned for showing: in the browser as above; the server, which renders the first
 * screen without a DOM, provides its own cleaner with the same allow-list.
 */
export const RichTextCleanerContext = createContext<(html: string) => string>(sanitizeRichContent);

/**
 * The box clips what it holds and is its own stacking and painting context: whatever a style inside
 * does, nothing paints over the page around it or takes its taps. Inline, so it holds on a page the
 * server draws before any stylesheet arrives.
 */
const CONTAINED = { overflowWrap: 'anywhere', overflow: 'clip', contain: 'paint', isolation: 'isolate' } as const;

/** Renders a creator's rich text, sanitized; its direction follows its own first strong character. */
export function RichContent({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useCleanRichText(html ?? '');
  if (!clean.trim()) return null;
  return (
    <Typography
      className={className}
      dir="auto"
      data-testid="rich-content"
      style={CONTAINED}
      // Sanitized just above (DOMPurify and the allow-list pass).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

function useCleanRichText(html: string): string {
  const clean = useContext(RichTextCleanerContext);
  return useMemo(() => clean(html), [clean, html]);
}
