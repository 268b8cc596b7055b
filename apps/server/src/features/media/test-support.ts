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
 * The start of an MP4: an ISO `ftyp` box (brand isom), then an `mdat` box of `size` bytes in all.
 * Enough for a content sniffer, but no video a parser reads (no movie box): see realMp4 for one.
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

/** An ISO box: its size, its four-letter type, then its content. */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const fullBox = (type: string, version: number, flags: number, ...content: Buffer[]) => box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 255, flags & 255]), ...content);
const u32 = (...values: number[]) => Buffer.concat(values.map((v) => { const b = Buffer.alloc(4); b.writeUInt32BE(v >>> 0); return b; }));
const u16 = (...values: number[]) => Buffer.concat(values.map((v) => { const b = Buffer.alloc(2); b.writeUInt16BE(v & 0xffff); return b; }));
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * A real, tiny MP4 (or QuickTime, with brand 'qt  '): ftyp, a moov with one video track of the given
 * frame size and duration (an AVC sample entry, one sample), and an mdat of `mediaBytes` bytes; the
 * moov first, or last as phones write it. An ISO parser reads it as a video.
 */
export function realMp4(options: { width?: number; height?: number; durationMs?: number; mediaBytes?: number; moovLast?: boolean; brand?: string } = {}): Buffer {
  const { width = 320, height = 240, durationMs = 2500, mediaBytes = 4096, moovLast = false, brand = 'isom' } = options;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(512), Buffer.from(`${brand}iso2avc1mp41`, 'latin1'));
  const moov = (chunkOffset: number) => {
    const mvhd = fullBox('mvhd', 0, 0, u32(0, 0, 1000, durationMs, 0x10000), u16(0x100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2));
    const tkhd = fullBox('tkhd', 0, 3, u32(0, 0, 1, 0, durationMs), Buffer.alloc(8), u16(0, 0, 0, 0), MATRIX, u32(width * 0x10000, height * 0x10000));
    const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, 1000, durationMs), u16(0x55c4, 0));
    const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
    const avcC = box('avcC', Buffer.from([1, 0x42, 0, 0x1e, 0xff, 0xe1]), u16(4), Buffer.from([0x67, 0x42, 0, 0x1e]), Buffer.from([1]), u16(4), Buffer.from([0x68, 0xce, 0x3c, 0x80]));
    const avc1 = box('avc1', Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(width, height), u32(0x480000, 0x480000, 0), u16(1), Buffer.alloc(32), u16(0x18, 0xffff), avcC);
    const stbl = box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1, 1, durationMs)),
      fullBox('stsc', 0, 0, u32(1, 1, 1, 1)),
      fullBox('stsz', 0, 0, u32(0, 1, mediaBytes)),
      fullBox('stco', 0, 0, u32(1, chunkOffset)),
    );
    const minf = box('minf', fullBox('vmhd', 0, 1, Buffer.alloc(8)), box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))), stbl);
    return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  };
  const media = Buffer.alloc(mediaBytes);
  for (let i = 0; i < mediaBytes; i++) media[i] = (i * 7) % 251;
  const mdat = box('mdat', media);
  const moovSize = moov(0).length;
  return moovLast
    ? Buffer.concat([ftyp, mdat, moov(ftyp.length + 8)])
    : Buffer.concat([ftyp, moov(ftyp.length + moovSize + 8), mdat]);
}

/** An EBML element with an 8-byte size. */
function ebml(id: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id, 'hex'), size, body]);
}
const ebmlUint = (id: string, value: number) => ebml(id, u32(value));

/** A real, tiny WebM: the EBML header, Info (duration in ms when given), one VP8 video track of this size, a cluster. */
export function realWebm(options: { width?: number; height?: number; durationMs?: number | null; videoTrack?: boolean } = {}): Buffer {
  const { width = 640, height = 360, durationMs = 1500, videoTrack = true } = options;
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationMs ?? 0);
  const header = ebml('1a45dfa3', ebmlUint('4286', 1), ebmlUint('42f7', 1), ebmlUint('42f2', 4), ebmlUint('42f3', 8), ebml('4282', Buffer.from('webm')), ebmlUint('4287', 2), ebmlUint('4285', 2));
  const info = ebml('1549a966', ebmlUint('2ad7b1', 1_000_000), ...(durationMs === null ? [] : [ebml('4489', duration)]));
  const track = videoTrack
    ? ebml('ae', ebmlUint('d7', 1), ebmlUint('73c5', 1), ebmlUint('83', 1), ebml('86', Buffer.from('V_VP8')), ebml('e0', ebmlUint('b0', width), ebmlUint('ba', height)))
    : ebml('ae', ebmlUint('d7', 1), ebmlUint('73c5', 1), ebmlUint('83', 2), ebml('86', Buffer.from('A_OPUS')));
  const cluster = ebml('1f43b675', ebmlUint('e7', 0), ebml('a3', Buffer.alloc(2048, 9)));
  return Buffer.concat([header, ebml('18538067', info, ebml('1654ae6b', track), cluster)]);
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

/**
 * A real MPEG-4 recording: ftyp (brand `M4A ` by default; `mp42` as some phones write), a moov with
 * one audio track (an AAC `mp4a` sample entry) of this duration, and an mdat; with `videoToo`, a
 * video track beside it (then it is a video).
 */
export function realM4a(options: { durationMs?: number; brand?: string; mediaBytes?: number } = {}): Buffer {
  const { durationMs = 3000, brand = 'M4A ', mediaBytes = 2048 } = options;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0), Buffer.from(`${brand}mp42isom`, 'latin1'));
  const moov = (chunkOffset: number) => {
    const mvhd = fullBox('mvhd', 0, 0, u32(0, 0, 1000, durationMs, 0x10000), u16(0x100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2));
    const tkhd = fullBox('tkhd', 0, 3, u32(0, 0, 1, 0, durationMs), Buffer.alloc(8), u16(0, 0, 0x100, 0), MATRIX, u32(0, 0));
    const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, 44_100, Math.round((durationMs * 44_100) / 1000)), u16(0x55c4, 0));
    const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1'));
    const esds = fullBox('esds', 0, 0, Buffer.from([0x03, 0x19, 0, 1, 0, 0x04, 0x11, 0x40, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x05, 0x02, 0x12, 0x08, 0x06, 0x01, 0x02]));
    const mp4a = box('mp4a', Buffer.alloc(6), u16(1), Buffer.alloc(8), u16(1, 16, 0, 0), u32(44_100 * 0x10000), esds);
    const stbl = box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), mp4a),
      fullBox('stts', 0, 0, u32(1, 1, Math.round((durationMs * 44_100) / 1000))),
      fullBox('stsc', 0, 0, u32(1, 1, 1, 1)),
      fullBox('stsz', 0, 0, u32(0, 1, mediaBytes)),
      fullBox('stco', 0, 0, u32(1, chunkOffset)),
    );
    const minf = box('minf', fullBox('smhd', 0, 0, Buffer.alloc(4)), box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))), stbl);
    return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  };
  const mdat = box('mdat', Buffer.alloc(mediaBytes, 0x21));
  const moovSize = moov(0).length;
  return Buffer.concat([ftyp, moov(ftyp.length + moovSize + 8), mdat]);
}

/**
 * A real MP3 of silent frames (a valid header, side information all zero: every decoder plays them
 * as silence) about `seconds` long. `mpeg1`: 128 kbit/s, 44.1 kHz, mono, frames of 26 ms (what
 * browsers play); `low`: MPEG-2.5, 8 kbit/s, 8 kHz, frames of 72 ms (a long file stays small). With
 * an ID3v2 tag in front, as most files have.
 */
export function realMp3(options: { seconds?: number; quality?: 'mpeg1' | 'low'; id3?: boolean } = {}): Buffer {
  const { seconds = 3, quality = 'mpeg1', id3 = true } = options;
  const [header, frameBytes, frameSeconds] =
    quality === 'mpeg1' ? [Buffer.from([0xff, 0xfb, 0x90, 0xc0]), 417, 1152 / 44_100] : [Buffer.from([0xff, 0xe3, 0x18, 0xc0]), 72, 576 / 8000];
  const frame = Buffer.alloc(frameBytes);
  header.copy(frame);
  const count = Math.round(seconds / frameSeconds);
  const tag = id3 ? Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0x10]), Buffer.alloc(16)]) : Buffer.alloc(0);
  return Buffer.concat([tag, ...Array.from({ length: count }, () => frame)]);
}

/** The Ogg page checksum: CRC-32, polynomial 0x04c11db7, no reflection, starting at 0. */
const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let r = n << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(options: { flags: number; granule: bigint; sequence: number; packet: Buffer }): Buffer {
  const { packet } = options;
  const segments: number[] = [];
  for (let left = packet.length; ; left -= 255) {
    segments.push(Math.min(left, 255));
    if (left < 255) break;
  }
  const head = Buffer.alloc(27 + segments.length);
  head.write('OggS', 0, 'latin1');
  head[5] = options.flags;
  head.writeBigInt64LE(options.granule, 6);
  head.writeUInt32LE(0x5a17, 14);
  head.writeUInt32LE(options.sequence, 18);
  head[26] = segments.length;
  segments.forEach((s, i) => (head[27 + i] = s));
  const page = Buffer.concat([head, packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** A real Ogg file (Opus, or Vorbis at 44.1 kHz) whose last page ends `seconds` in: headers, then one data page a second. */
export function realOgg(options: { seconds?: number; codec?: 'opus' | 'vorbis' } = {}): Buffer {
  const { seconds = 3, codec = 'opus' } = options;
  const rate = codec === 'opus' ? 48_000 : 44_100;
  const preSkip = codec === 'opus' ? 312 : 0;
  const ident =
    codec === 'opus'
      ? Buffer.concat([Buffer.from('OpusHead', 'latin1'), Buffer.from([1, 1]), u16le(preSkip), u32le(48_000), Buffer.from([0, 0, 0])])
      : Buffer.concat([Buffer.from('\x01vorbis', 'latin1'), u32le(0), Buffer.from([1]), u32le(rate), u32le(0), u32le(64_000), u32le(0), Buffer.from([0xb8, 1])]);
  const comments = codec === 'opus' ? Buffer.concat([Buffer.from('OpusTags', 'latin1'), u32le(4), Buffer.from('test'), u32le(0)]) : Buffer.concat([Buffer.from('\x03vorbis', 'latin1'), u32le(4), Buffer.from('test'), u32le(0), Buffer.from([1])]);
  const pages = [oggPage({ flags: 2, granule: 0n, sequence: 0, packet: ident }), oggPage({ flags: 0, granule: 0n, sequence: 1, packet: comments })];
  for (let s = 1; s <= seconds; s++) {
    pages.push(oggPage({ flags: s === seconds ? 4 : 0, granule: BigInt(s * rate + preSkip), sequence: s + 1, packet: Buffer.alloc(300, s) }));
  }
  return Buffer.concat(pages);
}
const u16le = (v: number) => { const b = Buffer.alloc(2); b.writeUInt16LE(v); return b; };
const u32le = (v: number) => { const b = Buffer.alloc(4); b.writeUInt32LE(v >>> 0); return b; };
