import sanitizeHtml from 'sanitize-html';
import { cleanRichTextStyle, mapRichTexts, recordingKeyFromUrl, trimEndChar, type EditableGame } from '@streethunt/shared';

/*
 * The creator's rich text is cleaned when it is stored (save, import), with the same allow-list as
 * the web's renderer (apps/web/src/ui/rich-content.tsx), which cleans it again when it shows it:
 * whatever a client sends, the stored row holds no script, no event handler and no javascript: URL.
 */

/** Removed together with everything inside them (the renderer's DROP). */
const DROP = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript', 'form', 'input',
  'button', 'textarea', 'select', 'option', 'svg', 'math', 'base', 'meta', 'link', 'title', 'head', 'dialog', 'portal',
];

/** Kept; any other element is replaced by its content (the renderer's TAGS). */
const TAGS = [
  'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'pre',
  'blockquote', 'span', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'video', 'audio', 'source',
  'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
];

const ATTRIBUTES: Record<string, string[]> = {
  '*': ['dir', 'lang', 'title', 'style'],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'poster', 'width', 'height', 'loop', 'muted'],
  audio: ['src', 'loop'],
  source: ['src', 'type'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Our own media as the storage serves it (root-relative, so it follows the site to any host). */
const OWN_MEDIA_PATH = /^\/media\/[^\s/\\][^\s\\]*$/;
/** A `.` or `..` segment (also percent-encoded, which browsers resolve alike) would leave /media/. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

export type MediaUrlOptions = {
  /** This site's origin (config.publicUrl): our own media named with it is stored root-relative. */
  publicUrl: string;
  /** Write our own media absolute, with publicUrl (an export file travels to other hosts). */
  absolute?: boolean;
};

/**
 * A picture or video address as stored: https from anywhere, or our own `/media/...` (written
 * root-relative, or absolute with `absolute`); anything else (http, data:, javascript:, other
 * relative paths) is null and dropped.
 */
export function storedMediaUrl(value: string, options: MediaUrlOptions): string | null {
  const trimmed = value.trim();
  const origin = trimEndChar(options.publicUrl, '/');
  const own = trimmed.startsWith(`${origin}/`) ? trimmed.slice(origin.length) : trimmed;
  if (OWN_MEDIA_PATH.test(own) && !DOT_SEGMENT.test(own.split(/[?#]/)[0])) return options.absolute ? `${origin}${own}` : own;
  try {
    return new URL(trimmed).protocol === 'https:' ? trimmed : null;
  } catch {
    return null;
  }
}

function sanitizeOptions(media: MediaUrlOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    nonTextTags: DROP,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        for (const [name, value] of Object.entries(attribs)) {
          if (name === 'style') {
            // Only the editor's own declarations (the web renderer keeps the same list); none left, no attribute.
            const style = cleanRichTextStyle(value);
            if (style) kept.style = style;
            continue;
          }
          if (name === 'src' || name === 'poster') {
            const url = storedMediaUrl(value, media);
            if (url !== null) kept[name] = url;
            continue;
          }
          kept[name] = value;
        }
        return { tagName, attribs: kept };
      },
    },
  };
}

/** One rich-text field, cleaned for storing (or, with `absolute`, for an export file). */
export function sanitizeRichText(html: string, media: MediaUrlOptions): string {
  if (!html) return '';
  return sanitizeHtml(html, sanitizeOptions(media));
}

/** What the web's renderer adds for showing (ui/rich-content.tsx's cleanAttributes), by element. */
const SHOWN_WITH: Record<string, sanitizeHtml.Attributes> = {
  img: { loading: 'lazy', style: 'max-inline-size:100%;block-size:auto' },
  video: { controls: '', playsinline: '', style: 'max-inline-size:100%;block-size:auto' },
  audio: { controls: '' },
};

/**
 * Rich text as the web's renderer shows it, for pages the server draws (no DOM there for the
 * renderer's own pass): cleaned as on save, then links open in a new tab without the opener, and
 * media get the renderer's controls and sizing.
 */
export function displayRichText(html: string, media: MediaUrlOptions): string {
  const clean = sanitizeRichText(html, media);
  if (!clean) return '';
  return sanitizeHtml(clean, {
    allowedTags: false,
    allowedAttributes: false,
    // The text was cleaned by the pass above (no script or style left); this pass only adds
    // attributes, and without this sanitize-html warns on every call that 'false' allows them.
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }),
      img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs, ...SHOWN_WITH.img } }),
      video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...SHOWN_WITH.video } }),
      audio: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...SHOWN_WITH.audio } }),
    },
  });
}

/**
 * The game with every rich-text field (the field tables' rich texts: intro, each question, answer
 * before and after, each hint, game over, and the same in each translation) cleaned, and the cover
 * image kept only when it is an allowed media address.
 */
export function sanitizeGame(game: EditableGame, media: MediaUrlOptions): EditableGame {
  const cleaned = mapRichTexts(game, (html) => sanitizeRichText(html, media));
  const cover = (url: string) => (url ? (storedMediaUrl(url, media) ?? '') : '');
  // A translation's own cover too; one the media rules refuse goes, and the original's shows.
  const translations = cleaned.translations && Object.fromEntries(
    Object.entries(cleaned.translations).map(([language, translation]) => {
      const own = translation?.metadata?.coverImage;
      if (own === undefined) return [language, translation];
      const { coverImage: _sent, ...texts } = translation!.metadata!;
      return [language, { ...translation, metadata: cover(own) ? { ...texts, coverImage: cover(own) } : texts }];
    }),
  );
  const recorded = <T extends { audio?: string }>(entity: T): T => {
    if (entity.audio === undefined) return entity;
    const { audio, ...rest } = entity;
    const kept = ownRecording(audio, media);
    return (kept ? { ...rest, audio: kept } : rest) as T;
  };
  return {
    ...cleaned,
    metadata: recorded({ ...cleaned.metadata, coverImage: cover(game.metadata.coverImage) }),
    questions: cleaned.questions.map((question) => recorded({ ...question, hints: question.hints.map(recorded) })),
    ...(translations && { translations }),
  };
}

/**
 * A recording's address as stored: only our own (root-relative, or absolute with `absolute`); one on
 * another site (an export file from elsewhere) is null and dropped, as recordings are files of ours.
 */
function ownRecording(url: string, media: MediaUrlOptions): string | null {
  const stored = storedMediaUrl(url, media);
  if (!stored || !recordingKeyFromUrl(stored)) return null;
  const own = media.absolute ? stored.startsWith(`${trimEndChar(media.publicUrl, '/')}/media/`) : stored.startsWith('/media/');
  return own ? stored : null;
}

/** Every recording a game names (intro, questions, hints), by storage key. */
export function recordingKeys(game: EditableGame): string[] {
  const urls = [game.metadata.audio, ...game.questions.flatMap((q) => [q.audio, ...q.hints.map((h) => h.audio)])];
  return [...new Set(urls.map((url) => (url ? recordingKeyFromUrl(url) : null)).filter((key): key is string => key !== null))];
}
