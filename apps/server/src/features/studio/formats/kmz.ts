import yauzl from 'yauzl';
import { fileProblem } from './file-problem.ts';

/** What a KMZ may expand to: the KML inside, and all its entries together; and how many entries. */
export const KMZ_LIMITS = { kmlBytes: 5 * 1024 * 1024, totalBytes: 20 * 1024 * 1024, entries: 500 };

const isKml = (name: string) => name.toLowerCase().endsWith('.kml');

/** A name that climbs out of the archive (`../`), starts at the root, or names a drive. */
function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.startsWith('\\') || /^[a-z]:/i.test(name) || name.split(/[\\/]/).includes('..');
}

/**
 * The KML inside a KMZ (a zip): `doc.kml` at the top, else the first `.kml` entry. Refused with a
 * 400, reading nothing further: a zip that does not read, too many entries, a path that climbs out,
 * sizes past the limits as declared, or inflated data past what was declared (yauzl checks each
 * entry's real size against its header), and no KML at all. Nothing is written to disk.
 */
export async function kmlFromKmz(bytes: Buffer, limits = KMZ_LIMITS): Promise<string> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, opened) =>
      error || !opened ? reject(fileProblem(`This KMZ is not a readable zip archive: ${error?.message ?? 'no entries'}`)) : resolve(opened),
    ),
  );
  try {
    if (zip.entryCount > limits.entries) throw fileProblem(`This KMZ holds ${zip.entryCount} files; at most ${limits.entries} are read`);
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (error: Error) => {
        // yauzl refuses such names itself while listing; said in the same words as ours.
        const climbing = /^(invalid relative path|absolute path): (.*)$/.exec(error.message);
        reject(fileProblem(climbing ? `This KMZ holds a path that climbs out of the archive: ${climbing[2]!.slice(0, 80)}` : `This KMZ is not a readable zip archive: ${error.message}`));
      });
      zip.readEntry();
    });
    let total = 0;
    for (const entry of entries) {
      if (unsafeName(entry.fileName)) throw fileProblem(`This KMZ holds a path that climbs out of the archive: ${entry.fileName.slice(0, 80)}`);
      total += entry.uncompressedSize;
    }
    if (total > limits.totalBytes) throw fileProblem(`This KMZ expands to ${total} bytes; at most ${limits.totalBytes} are read`);
    const kml = entries.find((entry) => entry.fileName.toLowerCase() === 'doc.kml') ?? entries.find((entry) => isKml(entry.fileName));
    if (!kml) throw fileProblem('This KMZ holds no KML file (doc.kml)');
    if (kml.uncompressedSize > limits.kmlBytes) throw fileProblem(`The KML in this KMZ is ${kml.uncompressedSize} bytes; at most ${limits.kmlBytes} are read`);
    return await readEntry(zip, kml, limits.kmlBytes);
  } finally {
    zip.close();
  }
}

/** One entry's text, stopping (and refusing) at `max` bytes whatever its header said. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(fileProblem(`The KML in this KMZ does not read: ${error?.message ?? 'no data'}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          stream.destroy();
          reject(fileProblem(`The KML in this KMZ expands past ${max} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (streamError: Error) => reject(fileProblem(`The KML in this KMZ does not read: ${streamError.message}`)));
      stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });
}
