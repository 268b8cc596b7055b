/**
 * Rich text's shape, read without an HTML parser. Cleaning HTML (sanitize-html on the server, the
 * DOM in the browser) costs time in proportion to its elements and, worse, to its nesting: text of
 * 33,000 nested `<b>` takes a fifth of a second per field to clean. So a save is refused before any
 * cleaning when its text is deeper or busier than anything the editor makes. The count is an upper
 * bound of what a parser would build (an unclosed tag counts as open), which errs on refusing.
 */

/** Deepest nesting of elements: the editor's deepest (a list in a list in a quote, with marks) is about a dozen. */
export const MAX_RICH_TEXT_DEPTH = 40;
/** Most elements in one field: a full page of the editor's paragraphs, marks and links is a few hundred. */
export const MAX_RICH_TEXT_ELEMENTS = 5_000;

/** Elements that never hold others, so never nest (the HTML spec's void elements). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)|<!--/g;

export type RichTextShapeError = 'too_deep' | 'too_many_elements';

/** Why this text is refused before cleaning, or null. Linear in the text's length; stops at the first limit passed. */
export function richTextShapeError(html: string): RichTextShapeError | null {
  let depth = 0;
  let elements = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', TAG.lastIndex);
      if (end < 0) break;
      TAG.lastIndex = end + 3;
      continue;
    }
    const name = match[2].toLowerCase();
    if (match[1] === '/') {
      if (depth > 0 && !VOID_ELEMENTS.has(name)) depth -= 1;
      continue;
    }
    elements += 1;
    if (elements > MAX_RICH_TEXT_ELEMENTS) return 'too_many_elements';
    if (!VOID_ELEMENTS.has(name)) {
      depth += 1;
      if (depth > MAX_RICH_TEXT_DEPTH) return 'too_deep';
    }
  }
  return null;
}

export const RICH_TEXT_SHAPE_MESSAGES: Record<RichTextShapeError, string> = {
  too_deep: `elements are nested deeper than ${MAX_RICH_TEXT_DEPTH}`,
  too_many_elements: `more than ${MAX_RICH_TEXT_ELEMENTS} elements`,
};
