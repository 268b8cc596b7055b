/*
 * Text work that regular expressions do in quadratic time on hostile input (`/<[^>]*>/g` over
 * '<<<<…', `/\/+$/` over '////…x'), done by a scan that reads each character a bounded number of
 * times. Used on text people send: rich text, file contents, provider fields.
 */

/**
 * `html` with each tag (from a `<` to the next `>`) replaced by `replacement`, as
 * `html.replace(/<[^>]*>/g, replacement)` but in linear time: a `<` with no `>` after it is kept.
 */
export function replaceTags(html: string, replacement: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    const close = html.indexOf('>', open + 1);
    // No `>` after this `<`: none after any later `<` either, so nothing more is a tag.
    if (close === -1) break;
    out += html.slice(at, open) + replacement;
    at = close + 1;
  }
  return out + html.slice(at);
}

/** `text` without the run of `char` (one character) at its end, as `text.replace(/c+$/, '')`. */
export function trimEndChar(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

/**
 * `text` without runs of `chars` at either end, as `text.replace(/^[…]+|[…]+$/g, '')`: `chars` lists
 * the characters, or tests one (a UTF-16 unit).
 */
export function trimChars(text: string, chars: string | ((char: string) => boolean)): string {
  const trimmed = typeof chars === 'string' ? (char: string) => chars.includes(char) : chars;
  let start = 0;
  let end = text.length;
  while (start < end && trimmed(text[start]!)) start += 1;
  while (end > start && trimmed(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}
