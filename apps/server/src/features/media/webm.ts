import { trimEndChar } from '@streethunt/shared';

/**
 * Just enough of Matroska/WebM (EBML) to tell a real video from a WebM header on other bytes: the
 * EBML header's DocType, then in the Segment its Info (TimecodeScale, Duration) and Tracks (a video
 * TrackEntry's PixelWidth and PixelHeight). Reads the head of the file only: both come before the
 * first Cluster in files that browsers and phones write.
 */

/** The head read for Info and Tracks; a file that has not given both by then is not taken. */
export const WEBM_HEAD_BYTES = 1024 * 1024;

export type WebmVideo = { width: number; height: number; durationMs: number | null };

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

const VIDEO_TRACK = 1;

type Element = { id: number; start: number; end: number; unknownSize: boolean };

/** A variable-length integer at `pos`: its length, and its value with (size) or without (id) the marker bit. */
function vint(buf: Uint8Array, pos: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, allOnes };
}

/** The element at `pos`; its end is clipped to `limit` when its size is unknown. */
function element(buf: Uint8Array, pos: number, limit: number): Element | null {
  const id = vint(buf, pos, true);
  if (!id || id.length > 4) return null;
  const size = vint(buf, pos + id.length, false);
  if (!size) return null;
  const start = pos + id.length + size.length;
  return { id: id.value, start, end: size.allOnes ? limit : start + size.value, unknownSize: size.allOnes };
}

function children(buf: Uint8Array, parent: { start: number; end: number }, visit: (child: Element) => boolean | void): void {
  const end = Math.min(parent.end, buf.length);
  for (let pos = parent.start; pos < end; ) {
    const child = element(buf, pos, end);
    if (!child || child.end > end) return;
    if (visit(child) === false) return;
    pos = child.end;
  }
}

function uint(buf: Uint8Array, e: Element): number {
  let value = 0;
  for (let i = e.start; i < e.end; i++) value = value * 256 + buf[i]!;
  return value;
}

function float(buf: Uint8Array, e: Element): number {
  const view = new DataView(buf.buffer, buf.byteOffset + e.start, e.end - e.start);
  if (e.end - e.start === 4) return view.getFloat32(0);
  if (e.end - e.start === 8) return view.getFloat64(0);
  return Number.NaN;
}

/** The video in a WebM file's head, or null when it holds none that can be read. */
export function readWebm(head: Uint8Array): WebmVideo | null {
  const header = element(head, 0, head.length);
  if (!header || header.id !== ID.ebml || header.unknownSize || header.end > head.length) return null;
  let docType = '';
  children(head, header, (e) => {
    if (e.id === ID.docType) docType = trimEndChar(Buffer.from(head.subarray(e.start, e.end)).toString('latin1'), '\0');
  });
  if (docType !== 'webm' && docType !== 'matroska') return null;

  const segment = element(head, header.end, head.length);
  if (!segment || segment.id !== ID.segment) return null;
  let timecodeScale = 1_000_000;
  let duration: number | null = null;
  let video: { width: number; height: number } | null = null;
  let sawTracks = false;
  children(head, segment, (e) => {
    if (e.id === ID.cluster) return false;
    if (e.id === ID.info) {
      children(head, e, (field) => {
        if (field.id === ID.timecodeScale) timecodeScale = uint(head, field);
        if (field.id === ID.duration) duration = float(head, field);
      });
    } else if (e.id === ID.tracks) {
      sawTracks = true;
      children(head, e, (entry) => {
        if (entry.id !== ID.trackEntry || video) return;
        let type = 0;
        let size: { width: number; height: number } | null = null;
        children(head, entry, (field) => {
          if (field.id === ID.trackType) type = uint(head, field);
          if (field.id === ID.video) {
            const box = { width: 0, height: 0 };
            children(head, field, (v) => {
              if (v.id === ID.pixelWidth) box.width = uint(head, v);
              if (v.id === ID.pixelHeight) box.height = uint(head, v);
            });
            size = box;
          }
        });
        if (type === VIDEO_TRACK && size) video = size;
      });
    }
    return !(sawTracks && duration !== null);
  });
  if (!video) return null;
  const { width, height } = video as { width: number; height: number };
  const ms = duration !== null && Number.isFinite(duration) && duration > 0 ? Math.round((duration * timecodeScale) / 1e6) : null;
  return { width, height, durationMs: ms };
}
