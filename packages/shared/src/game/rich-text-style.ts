/**
 * The inline styles a creator's rich text may keep, the same on the server (sanitize-html on save,
 * import and server-drawn pages) and in the browser (the renderer's allow-list pass). Our editor
 * writes no inline style at all (direction is a `dir` attribute); what is kept is the formatting
 * Tiptap's style extensions (text-align, color, highlight, font size) and older content carry, in
 * the value shapes they write. Anything that could move, scale, hide or size a box beyond its text
 * (position, transform, opacity, display, inset, margin, width...) is never kept, so creator text
 * cannot cover the page or stretch a link over it.
 */

const HEX = '#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})';
const NUMBER = '\\d{1,3}(?:\\.\\d+)?%?';
const RGB = `rgba?\\(\\s*${NUMBER}(?:\\s*,\\s*${NUMBER}){2}(?:\\s*[,/]\\s*(?:0|1|0?\\.\\d+|${NUMBER}))?\\s*\\)|rgba?\\(\\s*${NUMBER}(?:\\s+${NUMBER}){2}(?:\\s*/\\s*(?:0|1|0?\\.\\d+|${NUMBER}))?\\s*\\)`;
/** A colour as a picker writes it (hex, rgb(), rgba()) or a named one (red, inherit, transparent). */
const COLOR = new RegExp(`^(?:${HEX}|${RGB}|[a-z]{3,20})$`);

/** Each allowed property with the values it may take (matched against the lower-cased, trimmed value). */
const RICH_TEXT_STYLES: Readonly<Record<string, RegExp>> = {
  'text-align': /^(?:left|right|center|justify|start|end)$/,
  color: COLOR,
  'background-color': COLOR,
  'font-weight': /^(?:normal|bold|bolder|lighter|[1-9]00)$/,
  'font-style': /^(?:normal|italic|oblique)$/,
  'text-decoration': /^(?:none|(?:underline|line-through|overline)(?:\s+(?:underline|line-through|overline)){0,2})$/,
  'text-decoration-line': /^(?:none|(?:underline|line-through|overline)(?:\s+(?:underline|line-through|overline)){0,2})$/,
  // Text sizes a font-size control offers: keywords, up to 72px, up to 4em/rem, up to 400%.
  'font-size': /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger|(?:[1-9]|[1-6]\d|7[0-2])(?:\.\d+)?px|[0-3](?:\.\d+)?r?em|4r?em|(?:[1-9]\d?|[1-3]\d\d|400)%)$/,
};

/** Keywords sized from the parent's size: `larger` in a nest of `larger` grows without end. */
const PARENT_RELATIVE_SIZES: Readonly<Record<string, string>> = { larger: 'large', smaller: 'small' };

/**
 * A font size that never grows with its parent's: `%` and `em` (and `larger`, `smaller`) compound when
 * nested (five spans of 400% made a 1024 times larger link box that covered the page), so they are
 * written relative to the page's root size instead (`rem`), which is the same in any nest. Each
 * element then stays within the largest single size allowed (72px, 4rem, xx-large).
 */
function rootRelativeFontSize(value: string): string {
  if (Object.hasOwn(PARENT_RELATIVE_SIZES, value)) return PARENT_RELATIVE_SIZES[value]!;
  if (value.endsWith('%')) return `${Number(value.slice(0, -1)) / 100}rem`;
  if (value.endsWith('em') && !value.endsWith('rem')) return `${value.slice(0, -2)}rem`;
  return value;
}

/**
 * A style attribute's value with only the allowed declarations, written `property:value` and joined
 * with `;`; '' when none is left (the caller then drops the attribute). Declarations are rebuilt
 * from what matched, so nothing of the original (comments, escapes, quotes, !important) is copied.
 */
export function cleanRichTextStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase();
    const pattern = Object.hasOwn(RICH_TEXT_STYLES, property) ? RICH_TEXT_STYLES[property] : undefined;
    if (pattern?.test(value)) kept.push(`${property}:${property === 'font-size' ? rootRelativeFontSize(value) : value}`);
  }
  return kept.join(';');
}
