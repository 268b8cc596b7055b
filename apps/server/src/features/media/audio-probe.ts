import type { MediaProbe, ProbedMedia } from './video-probe.ts';

/*
 * Small streaming parsers for the two recording formats mp4box does not read: each walks the
 * file's own structure (MP3 frames, Ogg pages) as the upload streams past, holding a few bytes at a
 * time, and says how long the recording is. A length read from the structure the player walks too,
 * not from a header's claim: a file that says 1 minute but holds 11 is 11 minutes long here.
 */

/** Fewer MPEG frames than this in a row is not a recording (a sniffer's lucky match on other bytes). */
const MIN_MP3_FRAMES = 2;

// MPEG audio Layer III: kbit/s by bitrate index (0, free, and 15, bad, are refused), for MPEG-1 and for MPEG-2 and 2.5.
const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Samples a second by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1) and sample-rate index. */
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

type Mp3Frame = { bytes: number; samples: number; sampleRate: number };

/** A Layer III frame header's length, samples and rate; null when these 4 bytes are no such header. */
function mp3Frame(b: readonly number[]): Mp3Frame | null {
  if (b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
  const version = (b[1]! >> 3) & 3;
  const layer = (b[1]! >> 1) & 3;
  const bitrateIndex = b[2]! >> 4;
  const rateIndex = (b[2]! >> 2) & 3;
  const padding = (b[2]! >> 1) & 1;
  const rates = SAMPLE_RATES[version];
  if (!rates || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[bitrateIndex]!;
  const sampleRate = rates[rateIndex]!;
  const bytes = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + padding;
  return { bytes, samples: mpeg1 ? 1152 : 576, sampleRate };
}

/**
 * MP3: an ID3v2 tag (skipped by its size), then frame after frame, each header giving the length of
 * its frame; the length is the sum of the frames' samples over their rate. A tag at the end (ID3v1
 * `TAG`, APE) or bytes between frames are passed over by looking for the next header, as players do.
 */
export function mp3Probe(): MediaProbe {
  let header: number[] = [];
  /** Bytes of the current frame (or tag) still to pass. */
  let skip = 0;
  let started = false;
  let seconds = 0;
  /** Frames read one after another from the start, before any byte that was not one. */
  let leading = 0;
  let lost = false;

  function onHeader(): void {
    if (!started && header.length === 10) {
      started = true;
      if (header[0] === 0x49 && header[1] === 0x44 && header[2] === 0x33) {
        // ID3v2: a 28-bit "syncsafe" size, plus its footer when the flags say one follows.
        const size = ((header[6]! & 0x7f) << 21) | ((header[7]! & 0x7f) << 14) | ((header[8]! & 0x7f) << 7) | (header[9]! & 0x7f);
        skip = size + (header[5]! & 0x10 ? 10 : 0);
        header = [];
        return;
      }
    }
    if (!started) return;
    while (header.length >= 4) {
      const frame = mp3Frame(header);
      if (frame) {
        if (!lost) leading += 1;
        seconds += frame.samples / frame.sampleRate;
        skip = frame.bytes - header.length;
        header = [];
        if (skip < 0) {
          // A frame shorter than the bytes held (never with real headers): resynchronise.
          skip = 0;
        }
        return;
      }
      lost = true;
      header.shift();
    }
  }

  return {
    push(chunk) {
      let pos = 0;
      while (pos < chunk.length) {
        if (skip > 0) {
          const take = Math.min(skip, chunk.length - pos);
          skip -= take;
          pos += take;
          continue;
        }
        header.push(chunk[pos]!);
        pos += 1;
        if (!started ? header.length === 10 : header.length === 4) onHeader();
      }
    },
    finish(): ProbedMedia | null {
      // A file shorter than an ID3 header's 10 bytes: read what came as frames.
      if (!started) {
        started = true;
        onHeader();
      }
      if (leading < MIN_MP3_FRAMES) return null;
      return { kind: 'audio', durationMs: Math.round(seconds * 1000) };
    },
  };
}

/** An Ogg page header's fixed part: `OggS`, version, flags, granule position, serial, sequence, CRC, segment count. */
const OGG_HEADER = 27;
const OPUS_RATE = 48_000;
/** Enough of a stream's first packet to tell its codec and read its rate. */
const FIRST_PACKET_BYTES = 32;

type OggStream = { serial: number; rate: number; preSkip: number; granule: bigint | null };

/**
 * Ogg: page after page, each header giving its body's length (a segment table); the first page of a
 * stream names its codec (Vorbis or Opus, with its rate; anything else, Theora video above all, is
 * no recording of ours), and the last granule position of the audio stream, in samples, is its end.
 * Bytes that are not a page are not a file we read.
 */
export function oggProbe(): MediaProbe {
  let header: number[] = [];
  let skip = 0;
  /** The current page's first packet bytes, kept when it opens a stream. */
  let keep = 0;
  let kept: number[] = [];
  let pageSerial = 0;
  let pendingBos = false;
  let audio: OggStream | null = null;
  let broken = false;

  function readHeader(): void {
    const b = header;
    const magic = [0x4f, 0x67, 0x67, 0x53, 0];
    if (b.length <= magic.length) {
      if (b[b.length - 1] !== magic[b.length - 1]) broken = true;
      return;
    }
    if (b.length === OGG_HEADER) {
      // Wait for the segment table.
      if (b[26] === 0) return endHeader(0);
      return;
    }
    const segments = b[26]!;
    if (b.length < OGG_HEADER + segments) return;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[OGG_HEADER + i]!;
    endHeader(body);
  }

  function endHeader(body: number): void {
    const view = Buffer.from(header);
    const flags = view[5]!;
    const granule = view.readBigInt64LE(6);
    pageSerial = view.readUInt32LE(14);
    if (audio && pageSerial === audio.serial && granule >= 0n) audio.granule = granule;
    pendingBos = (flags & 2) !== 0;
    keep = pendingBos ? Math.min(body, FIRST_PACKET_BYTES) : 0;
    kept = [];
    skip = body - keep;
    header = [];
    if (pendingBos && keep === 0) broken = true;
  }

  function readFirstPacket(): void {
    const packet = Buffer.from(kept);
    pendingBos = false;
    if (packet.length >= 16 && packet.subarray(0, 7).equals(Buffer.from('\x01vorbis', 'latin1'))) {
      if (!audio) audio = { serial: pageSerial, rate: packet.readUInt32LE(12), preSkip: 0, granule: null };
    } else if (packet.length >= 16 && packet.subarray(0, 8).toString('latin1') === 'OpusHead') {
      if (!audio) audio = { serial: pageSerial, rate: OPUS_RATE, preSkip: packet.readUInt16LE(10), granule: null };
    } else {
      // A video, or a codec we do not take.
      broken = true;
    }
  }

  return {
    push(chunk) {
      let pos = 0;
      while (pos < chunk.length && !broken) {
        if (keep > 0) {
          const take = Math.min(keep, chunk.length - pos);
          for (let i = 0; i < take; i++) kept.push(chunk[pos + i]!);
          keep -= take;
          pos += take;
          if (keep === 0) readFirstPacket();
          continue;
        }
        if (skip > 0) {
          const take = Math.min(skip, chunk.length - pos);
          skip -= take;
          pos += take;
          continue;
        }
        header.push(chunk[pos]!);
        pos += 1;
        if (header.length <= 5 || header.length >= OGG_HEADER) readHeader();
      }
    },
    finish(): ProbedMedia | null {
      // A page cut short, or bytes after the last page, are no file we read.
      if (broken || header.length > 0 || skip > 0 || keep > 0 || !audio) return null;
      const stream: OggStream = audio;
      if (stream.rate <= 0 || stream.granule === null) return null;
      const samples = Number(stream.granule) - stream.preSkip;
      return { kind: 'audio', durationMs: samples > 0 ? Math.round((samples / stream.rate) * 1000) : 0 };
    },
  };
}
