import { MAX_OPEN_FORMAT_BYTES, type GameExport, type ImportSummary, type NotCarried } from '@streethunt/shared';
import { DraftBuilder } from './draft.ts';
import { fileProblem } from './file-problem.ts';
import { isGeoTales, readGeoTales } from './geo-tales.ts';
import { readGpx } from './gpx.ts';
import { readKml } from './kml.ts';
import { kmlFromKmz } from './kmz.ts';
import { readXml } from './read-xml.ts';

export type ReadFile = { file: GameExport; summary: ImportSummary; notCarried: NotCarried[] };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const HEBREW_LETTER = /[\u05d0-\u05ea]/;

/** The game's language: Hebrew when the file writes any Hebrew, else English. */
const languageOf = (text: string) => (HEBREW_LETTER.test(text) ? 'he' : 'en');

function readXmlFormat(text: string, kmz: boolean): ReadFile {
  const doc = readXml(text);
  if (doc.rootName === 'gpx' && !kmz) {
    const builder = new DraftBuilder('gpx', languageOf(text));
    readGpx(doc, builder);
    return builder.build();
  }
  if (doc.rootName === 'kml') {
    const builder = new DraftBuilder(kmz ? 'kmz' : 'kml', languageOf(text));
    readKml(doc, builder);
    return builder.build();
  }
  throw fileProblem(`This XML file is not GPX or KML: its root element is <${doc.rootName.slice(0, 40)}>`, { element: doc.rootName.slice(0, 40), line: 1 });
}

/**
 * A file in an open format (docs/open-formats.md) read into a game, nothing saved: GPX, KML, KMZ or a
 * geo-tales story, told apart by their contents (not their names). A file that is none of them, or
 * breaks a rule, is a 400 naming what and where.
 */
export async function readOpenFormat(bytes: Buffer): Promise<ReadFile> {
  if (bytes.length === 0) throw fileProblem('The file is empty');
  if (bytes.length > MAX_OPEN_FORMAT_BYTES) throw fileProblem(`The file is ${bytes.length} bytes; at most ${MAX_OPEN_FORMAT_BYTES} are read`);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readXmlFormat(await kmlFromKmz(bytes), true);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first === '<') return readXmlFormat(text, false);
  if (first === '{') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw fileProblem(`This JSON file does not read: ${(error as Error).message}`);
    }
    if (!isGeoTales(json)) throw fileProblem('This JSON file is not a geo-tales story: it needs "locations" and "screens" objects');
    const builder = new DraftBuilder('geo-tales', languageOf(text));
    readGeoTales(json, builder);
    return builder.build();
  }
  throw fileProblem('This file is not GPX, KML, KMZ or a geo-tales story (JSON)');
}
