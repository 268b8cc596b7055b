import { MAX_RICH_TEXT_DEPTH, MAX_RICH_TEXT_ELEMENTS } from '../content/limits.ts';

/**
 * Rich text's shape, read without an HTML parser. Cleaning HTML (sanitize-html on the server, the
 * DOM in the browser) costs time in proportion to its elements and, worse, to its nesting: text of
 * 33,000 nested `<b>` takes a fifth of a second per field to clean. So a save is refused before any
 * cleaning when its text is deeper or busier than anything the editor makes. The count is an upper
 * bound of what a parser would build (an unclosed tag counts as open), which errs on refusing.
 */

// The limits (content/limits.ts): the editor's deepest nesting (a list in a list in a quote, with
// marks) is about a dozen, and a full page of its paragraphs, marks and links a few hundred elements.

/** Elements that never hold others, so never nest (the HTML spec's void elements). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export type RichTextShapeError = 'too_deep' | 'too_many_elements';

const isLetter = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

/**
 * Why this text is refused before cleaning, or null. One pass over the text with indexOf (no regular
 * expression: it runs on every save, over up to a megabyte); stops at the first limit passed.
 */
export function richTextShapeError(html: string): RichTextShapeError | null {
  let depth = 0;
  let elements = 0;
  let at = html.indexOf('<');
  while (at >= 0) {
    let next = html.charCodeAt(at + 1);
    if (next === 33 && html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end < 0) break;
      at = html.indexOf('<', end + 3);
      continue;
    }
    const closing = next === 47;
    const nameStart = closing ? at + 2 : at + 1;
    if (closing) next = html.charCodeAt(nameStart);
    if (isLetter(next)) {
      let nameEnd = nameStart + 1;
      let upper = next <= 90;
      for (let code = html.charCodeAt(nameEnd); nameEnd < html.length && isNameChar(code); code = html.charCodeAt(++nameEnd)) upper ||= code >= 65 && code <= 90;
      // Void names are at most 6 letters: longer ones are not looked up.
      const name = nameEnd - nameStart <= 6 ? html.slice(nameStart, nameEnd) : '';
      const isVoid = name !== '' && VOID_ELEMENTS.has(upper ? name.toLowerCase() : name);
      if (closing) {
        if (depth > 0 && !isVoid) depth -= 1;
      } else {
        elements += 1;
        if (elements > MAX_RICH_TEXT_ELEMENTS) return 'too_many_elements';
        if (!isVoid) {
          depth += 1;
          if (depth > MAX_RICH_TEXT_DEPTH) return 'too_deep';
        }
      }
      at = nameEnd;
    } else {
      at += 1;
    }
    at = html.indexOf('<', at);
  }
  return null;
}

export const RICH_TEXT_SHAPE_MESSAGES: Record<RichTextShapeError, string> = {
  too_deep: `elements are nested deeper than ${MAX_RICH_TEXT_DEPTH}`,
  too_many_elements: `more than ${MAX_RICH_TEXT_ELEMENTS} elements`,
};
