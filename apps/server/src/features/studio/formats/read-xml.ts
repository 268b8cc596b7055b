import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fileProblem } from './file-problem.ts';

/** An XML element as fast-xml-parser gives it: attributes as `@_name`, text as `#text`, children by name. */
export type XmlNode = { [name: string]: unknown };

// Typed `Symbol` (the wrapper) by the library; it is a symbol.
const metaData = XMLParser.getMetaDataSymbol() as unknown as symbol;

/**
 * A DOCTYPE can declare entities (the 'billion laughs', or an external entity naming a file or a
 * URL): such a file is refused before it is parsed, so no entity is ever expanded or fetched. The
 * five predefined entities and character references are plain text and are read.
 */
const DOCTYPE_OR_ENTITY = /<!(DOCTYPE|ENTITY)/i;

/** How deep elements may nest: the parser's own limit, which no GPX or KML file comes near. */
const MAX_NESTED_ELEMENTS = 100;

/** The 1-based line of a character offset, by a binary search over where the lines start. */
function lineFinder(text: string): (offset: number) => number {
  let starts: number[] | null = null;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

export type XmlDocument = {
  /** The root element's name without its namespace prefix (`gpx`, `kml`), and the element. */
  rootName: string;
  root: XmlNode;
  /** The line where an element of this document starts, when known. */
  lineOf(node: unknown): number | undefined;
  /** Where an element starts in the text: sorts elements into document order across their kinds. */
  offsetOf(node: unknown): number;
};

/**
 * Parses an XML file a creator picked: well-formed or a 400 naming the line; no DOCTYPE and no
 * entity declarations; namespace prefixes dropped (GPX extensions and KML come with them).
 */
export function readXml(text: string): XmlDocument {
  const lineAt = lineFinder(text);
  const doctype = DOCTYPE_OR_ENTITY.exec(text);
  if (doctype) {
    throw fileProblem('The file declares a DOCTYPE or entities, which are not read (they can expand without end or fetch other files)', {
      line: lineAt(doctype.index),
    });
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw fileProblem(`This is not well-formed XML: ${valid.err.msg}`, { line: valid.err.line });
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    captureMetaData: true,
    // Only the predefined entities and character references: declared ones were refused above.
    processEntities: true,
    htmlEntities: false,
    maxNestedTags: MAX_NESTED_ELEMENTS,
  });
  const parsed = parseChecked(parser, text);
  const rootName = Object.keys(parsed).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const root = rootName ? parsed[rootName] : undefined;
  if (!rootName || typeof root !== 'object' || root === null) throw fileProblem('The XML file has no root element');
  return {
    rootName,
    root: root as XmlNode,
    lineOf(node) {
      const offset = startOf(node);
      return offset === undefined ? undefined : lineAt(offset);
    },
    offsetOf: (node) => startOf(node) ?? 0,
  };
}

/** The library's own refusals (its nesting limit) are the file's problem, said as such, not a failure of ours. */
function parseChecked(parser: XMLParser, text: string): XmlNode {
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nested tags exceeded/i.test(message)) throw fileProblem(`This XML file nests elements more than ${MAX_NESTED_ELEMENTS} deep; a GPX or KML file needs far fewer`);
    throw fileProblem(`This XML file does not read: ${message.slice(0, 200)}`);
  }
}

function startOf(node: unknown): number | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  return (node as Record<symbol, { startIndex?: number } | undefined>)[metaData]?.startIndex;
}

/** The children named `name`: none, one or many, always as a list. */
export function children(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : { '#text': String(item) }));
}

/** The text of the first child named `name` (its CDATA or text), trimmed; '' when there is none. */
export function textOf(node: unknown, name: string): string {
  const [child] = children(node, name);
  if (!child) return '';
  const text = child['#text'] ?? child['__cdata'];
  return typeof text === 'string' || typeof text === 'number' ? String(text).trim() : '';
}

/** An attribute's value, or undefined. */
export function attribute(node: unknown, name: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = (node as XmlNode)[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}
