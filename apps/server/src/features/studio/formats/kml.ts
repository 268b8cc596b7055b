import { MAX_HINTS } from '@streethunt/shared';
import type { DraftBuilder } from './draft.ts';
import { fileProblem } from './file-problem.ts';
import { attribute, children, textOf, type XmlDocument, type XmlNode } from './read-xml.ts';

/** The containers a Placemark may sit in, at any depth. */
const CONTAINERS = ['Document', 'Folder'];

/** Every Placemark under `node`, at any depth. */
function placemarks(node: XmlNode): XmlNode[] {
  return [...children(node, 'Placemark'), ...CONTAINERS.flatMap((name) => children(node, name).flatMap(placemarks))];
}

/** `ExtendedData` as name → value: `<Data name="…"><value>` and `<SchemaData><SimpleData name="…">`. */
function extendedData(placemark: XmlNode): Map<string, string> {
  const data = new Map<string, string>();
  for (const extended of children(placemark, 'ExtendedData')) {
    for (const item of children(extended, 'Data')) {
      const name = attribute(item, 'name');
      if (name) data.set(name.toLowerCase(), textOf(item, 'value'));
    }
    for (const schema of children(extended, 'SchemaData')) {
      for (const item of children(schema, 'SimpleData')) {
        const name = attribute(item, 'name');
        const value = item['#text'];
        if (name && (typeof value === 'string' || typeof value === 'number')) data.set(name.toLowerCase(), String(value).trim());
      }
    }
  }
  return data;
}

/** `lng,lat[,alt]` tuples separated by white space. */
function coordinates(text: string): Array<[string, string]> {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => {
      const [lng = '', lat = ''] = tuple.split(',');
      return [lat, lng];
    });
}

/** The geometry of a Placemark, also inside a MultiGeometry: its first Point or Polygon; LineStrings are noted. */
function geometry(placemark: XmlNode): { point?: XmlNode; polygon?: XmlNode; lines: number } {
  const holders = [placemark, ...children(placemark, 'MultiGeometry')];
  return {
    point: holders.flatMap((holder) => children(holder, 'Point'))[0],
    polygon: holders.flatMap((holder) => children(holder, 'Polygon'))[0],
    lines: holders.reduce((sum, holder) => sum + children(holder, 'LineString').length, 0),
  };
}

/**
 * KML 2.2 (docs/open-formats.md): each Placemark with a Point or a Polygon (its outer ring), in the
 * order of the document and its folders, is a stop; its name and description the content.
 * `ExtendedData` fields `answer` (accepted answers, comma-separated), `hint1`…`hint20` or `hints`
 * (one per line) fill the answer and hints; `type` = `start` makes the Placemark the start.
 */
export function readKml(doc: XmlDocument, builder: DraftBuilder): void {
  const document = children(doc.root, 'Document')[0] ?? children(doc.root, 'Folder')[0] ?? doc.root;
  builder.name = textOf(document, 'name');
  builder.intro = builder.richText(textOf(document, 'description'), 'Document');
  const found = placemarks(doc.root).sort((a, b) => doc.offsetOf(a) - doc.offsetOf(b));
  for (const [index, placemark] of found.entries()) {
    const name = textOf(placemark, 'name');
    const where = { element: `Placemark ${index + 1}${name ? ` "${name.slice(0, 40)}"` : ''}`, line: doc.lineOf(placemark) };
    const label = name || where.element;
    const shape = geometry(placemark);
    if (shape.lines > 0) builder.note('tracks', label, shape.lines);
    let location;
    if (shape.point) {
      const [first] = coordinates(textOf(shape.point, 'coordinates'));
      if (!first) throw fileProblem('A Point has no coordinates', where);
      location = builder.point(first[0], first[1], where);
    } else if (shape.polygon) {
      const ring = children(children(shape.polygon, 'outerBoundaryIs')[0], 'LinearRing')[0];
      const corners = coordinates(textOf(ring, 'coordinates')).map(([lat, lng]) => builder.point(lat, lng, where));
      location = builder.polygon(corners, where);
    } else {
      // A line alone, or no geometry at all: not a stop.
      continue;
    }
    const data = extendedData(placemark);
    if (data.get('type')?.toLowerCase() === 'start') {
      builder.start = Array.isArray(location) ? location[0]! : location;
      continue;
    }
    const hintTexts = [
      ...Array.from({ length: MAX_HINTS + 1 }, (_, i) => data.get(`hint${i + 1}`) ?? '').filter(Boolean),
      ...(data.get('hint') ? [data.get('hint')!] : []),
      ...(data.get('hints') ?? '').split(/\r?\n/).map((line) => line.trim()).filter(Boolean),
    ];
    const answer = data.get('answer')?.trim();
    builder.stops.push({
      name,
      content: builder.richText(textOf(placemark, 'description'), label),
      location,
      ...(answer && { answer: { kind: 'text' as const, value: answer, content: '', contentAfterAnswer: builder.richText(data.get('after') ?? '', label) } }),
      hints: hintTexts.map((hint) => ({ content: builder.richText(hint, label) })),
      where,
    });
  }
}
