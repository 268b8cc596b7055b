import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';

/** A JPEG photo with a GPS position in its EXIF, as a phone would take it (orientation 6: shot sideways). */
export function photo(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 900;
  const circle = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 3}" r="${height / 4}" fill="#f4a261"/></svg>`;
  const image = sharp({ create: { width, height, channels: 3, background: '#3a8f6b' } })
    .composite([{ input: Buffer.from(circle) }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'test' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 40/1', GPSLongitudeRef: 'E', GPSLongitude: '34/1 46/1 27/1' } });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

/**
 * The start of a real MP4: an ISO `ftyp` box (brand isom), then an `mdat` box of `size` bytes in
 * all. Enough for a content sniffer; the bytes after the header vary, so a range proves its place.
 */
export function mp4(size = 64 * 1024, seed = 1): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
  const data = Buffer.alloc(size);
  ftyp.copy(data);
  data.writeUInt32BE(size - ftyp.length, ftyp.length);
  data.write('mdat', ftyp.length + 4, 'latin1');
  for (let i = ftyp.length + 8; i < size; i++) data[i] = (i * 31 + seed) % 256;
  return data;
}

export type FormPart = { name: string; data: Uint8Array | string; filename?: string; type?: string };

const BOUNDARY = '----streethunt-test-boundary-7f3a';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function partHeader(part: FormPart): string {
  const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
  const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`;
}

/** A multipart/form-data body written by hand, as a browser's FormData would send it. */
export function multipartBody(parts: FormPart[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) pieces.push(Buffer.from(partHeader(part)), Buffer.from(part.data), Buffer.from('\r\n'));
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/**
 * A multipart body with one file of `size` bytes (`head`, then filler) made only as it is read, 16 KB
 * at a time, counting what the server pulled: proof of how much of an upload it read.
 */
export function countingUpload(head: Uint8Array, size: number, file = { filename: 'big.jpg', type: 'image/jpeg' }) {
  const counter = { pulled: 0, total: 0 };
  const prefix = Buffer.from(partHeader({ name: 'file', data: '', ...file }));
  const suffix = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  counter.total = prefix.length + size + suffix.length;
  const chunk = 16 * 1024;
  function* pieces() {
    yield prefix;
    yield Buffer.from(head);
    for (let left = size - head.length; left > 0; left -= chunk) yield Buffer.alloc(Math.min(chunk, left), 0x5a);
    yield suffix;
  }
  const next = pieces();
  const stream = new Readable({
    highWaterMark: chunk,
    // One piece per turn of the event loop, as from a network: a server that stops reading gets no more.
    read() {
      setImmediate(() => {
        const piece = next.next();
        if (piece.done) return void this.push(null);
        counter.pulled += piece.value.length;
        this.push(piece.value);
      });
    },
  });
  return { stream, counter };
}

/** Every file under `dir` (recursively), as paths relative to it; none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
