import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import type { AudioExtension, VideoExtension } from '../../platform/storage/media-types.ts';
import { mp3Probe, oggProbe } from './audio-probe.ts';
import { readWebm, WEBM_HEAD_BYTES } from './webm.ts';

/** What a real parser read of an uploaded video; duration null when the file does not say (a live recording). */
type VideoInfo = { width: number; height: number; durationMs: number | null };

/** Larger frames than this are not a video anyone plays on a phone; the numbers are not believed. */
const MAX_SIDE = 16_384;

/** What a parser read of an upload: a video, or a recording (audio alone) and its length (null when it does not say). */
export type ProbedMedia = { kind: 'video'; video: VideoInfo } | { kind: 'audio'; durationMs: number | null };

/**
 * Reads an upload as it streams past: `push` each chunk in order, then `finish` says what it holds,
 * or null when the bytes are nothing a parser can read (no track, a header on other bytes). MP4,
 * QuickTime and MPEG-4 audio go through mp4box's ISO file parser, which keeps the boxes' structure
 * but not the media data, and is fed no more once it has read the movie box; its tracks say whether
 * the file is a video or a recording, whatever its brand claims. MP3 and Ogg: audio-probe.ts.
 */
export type MediaProbe = { push(chunk: Uint8Array): void; finish(): ProbedMedia | null };

export function mediaProbe(extension: VideoExtension | AudioExtension): MediaProbe {
  if (extension === 'webm') return webmProbe();
  if (extension === 'mp3') return mp3Probe();
  if (extension === 'ogg') return oggProbe();
  return isoProbe();
}

const plausible = (info: VideoInfo | null): VideoInfo | null =>
  info && Number.isInteger(info.width) && Number.isInteger(info.height) && info.width > 0 && info.height > 0 && info.width <= MAX_SIDE && info.height <= MAX_SIDE
    ? info
    : null;

/**
 * mp4box prints some parse errors (a box type it does not know) to the console without telling the
 * file; the probe's answer already says so, so they are not printed. The call is synchronous, so
 * nothing else is printed meanwhile.
 */
function quietly(run: () => void): void {
  const { error } = console;
  console.error = () => {};
  try {
    run();
  } finally {
    console.error = error;
  }
}

/** A movie box larger than this (its tables, never the media) is not believed. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** Top-level boxes whose bytes the parser is given; every other box (the media data above all) is passed over unread. */
const PARSED_BOXES = new Set(['ftyp', 'moov']);
const isBoxType = (bytes: Uint8Array) => bytes.every((b) => b >= 0x20 && b <= 0x7e);

/**
 * MP4 and QuickTime: the top-level boxes are walked as they stream past, by their sizes, and only
 * the file type and movie boxes are kept; mp4box's ISO file parser then reads those. The media data
 * (most of the file) is never buffered or parsed, so a 100 MB upload costs no more than a small one.
 */
function isoProbe(): MediaProbe {
  const kept: Uint8Array[] = [];
  let header: number[] = [];
  /** The box being passed: bytes left of it, and whether they are kept. */
  let left = 0;
  let keeping = false;
  let inMoov = false;
  let moovDone = false;
  let broken = false;

  function startBox(): void {
    const bytes = Uint8Array.from(header);
    const view = new DataView(bytes.buffer);
    const size32 = view.getUint32(0);
    const type = bytes.subarray(4, 8);
    if (!isBoxType(type)) return void (broken = true);
    const name = Buffer.from(type).toString('latin1');
    let size: number;
    let headerSize = 8;
    if (size32 === 1) {
      if (bytes.length < 16) return; // the 64-bit size follows
      size = Number(view.getBigUint64(8));
      headerSize = 16;
    } else if (size32 === 0) {
      size = Number.POSITIVE_INFINITY; // to the end of the file
    } else {
      size = size32;
    }
    if (size < headerSize) return void (broken = true);
    keeping = PARSED_BOXES.has(name);
    if (keeping && size > MAX_MOOV_BYTES) return void (broken = true);
    if (keeping) kept.push(bytes.subarray(0, headerSize));
    inMoov = name === 'moov';
    left = size - headerSize;
    header = [];
  }

  function push(chunk: Uint8Array): void {
    let pos = 0;
    while (pos < chunk.length && !broken && !moovDone) {
      if (left > 0) {
        const take = Math.min(left, chunk.length - pos);
        if (keeping) kept.push(chunk.slice(pos, pos + take));
        left -= take;
        pos += take;
        // Once the movie box is whole, nothing after it matters.
        if (left === 0 && inMoov) moovDone = true;
        continue;
      }
      header.push(chunk[pos]!);
      pos += 1;
      if (header.length === 8 || header.length === 16) startBox();
    }
  }

  return {
    push,
    finish() {
      if (broken || !moovDone) return null;
      const bytes = Buffer.concat(kept);
      const file = createFile();
      let movie: Movie | null = null;
      file.onReady = (info) => {
        movie = info;
      };
      try {
        quietly(() => {
          file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 0));
          file.flush();
        });
      } catch {
        return null;
      }
      const info = movie as Movie | null;
      const videoTrack = info?.videoTracks[0];
      const track = videoTrack ?? info?.audioTracks[0];
      if (!info || !track) return null;
      const seconds = info.timescale > 0 && info.duration > 0 ? info.duration / info.timescale : track.timescale > 0 && track.duration > 0 ? track.duration / track.timescale : 0;
      const durationMs = seconds > 0 && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
      if (!videoTrack) return { kind: 'audio', durationMs };
      const width = track.video?.width || track.track_width;
      const height = track.video?.height || track.track_height;
      return asVideo(plausible({ width, height, durationMs }));
    },
  };
}

const asVideo = (video: VideoInfo | null): ProbedMedia | null => (video ? { kind: 'video', video } : null);

function webmProbe(): MediaProbe {
  const head: Uint8Array[] = [];
  let length = 0;
  return {
    push(chunk) {
      if (length >= WEBM_HEAD_BYTES) return;
      const part = chunk.subarray(0, WEBM_HEAD_BYTES - length);
      head.push(part.slice());
      length += part.byteLength;
    },
    finish: () => asVideo(plausible(readWebm(Buffer.concat(head)))),
  };
}
