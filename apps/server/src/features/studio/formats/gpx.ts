import type { DraftBuilder } from './draft.ts';
import { attribute, children, textOf, type XmlDocument, type XmlNode } from './read-xml.ts';

/** Groundspeak's cache extension: inside `<extensions>` (GPX 1.1) or straight in the waypoint (GPX 1.0). */
function cacheOf(point: XmlNode): XmlNode | undefined {
  return children(point, 'cache')[0] ?? children(children(point, 'extensions')[0], 'cache')[0];
}

/** A description the cache marks as HTML (`html="True"`) stays HTML; otherwise it is text. */
function cacheText(builder: DraftBuilder, cache: XmlNode, name: string, where: string): string {
  const [node] = children(cache, name);
  const text = textOf(cache, name);
  if (!node || !text) return '';
  const html = attribute(node, 'html')?.toLowerCase() === 'true';
  return builder.richText(text, where, html ? 'guess' : 'text');
}

/**
 * GPX 1.0 and 1.1 (docs/open-formats.md): each waypoint, then each route's points in order, is a stop
 * with a point area; its name and description (or comment) its content. Groundspeak's cache extension
 * gives the cache's name, its short and long descriptions, and its hint. A waypoint whose `<type>` is
 * `start` is the start (not a stop); otherwise the start is the first stop. Tracks are paths, not stops.
 */
export function readGpx(doc: XmlDocument, builder: DraftBuilder): void {
  const { root } = doc;
  builder.name = textOf(children(root, 'metadata')[0], 'name') || textOf(root, 'name') || textOf(children(root, 'rte')[0], 'name');
  builder.intro = builder.richText(textOf(children(root, 'metadata')[0], 'desc') || textOf(root, 'desc'), 'metadata');

  const points: Array<{ node: XmlNode; element: string }> = [
    ...children(root, 'wpt').map((node) => ({ node, element: 'wpt' })),
    ...children(root, 'rte').flatMap((route) => children(route, 'rtept').map((node) => ({ node, element: 'rtept' }))),
  ];
  for (const [index, { node, element }] of points.entries()) {
    const where = { element: `${element} ${index + 1}`, line: doc.lineOf(node) };
    const at = builder.point(attribute(node, 'lat'), attribute(node, 'lon'), where);
    const cache = cacheOf(node);
    const name = (cache && textOf(cache, 'name')) || textOf(node, 'urlname') || textOf(node, 'name');
    const label = name || where.element;
    if (textOf(node, 'type').toLowerCase() === 'start') {
      builder.start = at;
      continue;
    }
    let content: string;
    const hints: Array<{ content: string }> = [];
    if (cache) {
      content = [cacheText(builder, cache, 'short_description', label), cacheText(builder, cache, 'long_description', label)].join('');
      const hint = textOf(cache, 'encoded_hints');
      if (hint) hints.push({ content: builder.richText(hint, label, 'text') });
    } else {
      content = builder.richText(textOf(node, 'desc') || textOf(node, 'cmt'), label);
    }
    builder.stops.push({ name, content, location: at, hints, where });
  }
  const tracks = children(root, 'trk').length;
  if (tracks > 0) builder.note('tracks', textOf(children(root, 'trk')[0], 'name'), tracks);
}
