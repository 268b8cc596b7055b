import { fileTypeFromBuffer } from 'file-type';
import type { AudioExtension, VideoExtension } from '../../platform/storage/media-types.ts';

/** Enough leading bytes to tell every accepted type (file-type's own 'reasonable detection size'). */
export const SNIFF_BYTES = 4100;

export type SniffedMedia =
  | { resourceType: 'image'; mime: string }
  | { resourceType: 'video'; mime: string; extension: VideoExtension }
  | { resourceType: 'audio'; mime: string; extension: AudioExtension };

/** Images we hand to sharp, which re-encodes them (HEIC only where its libheif can decode HEVC). */
const IMAGE_MIMES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);

/** Videos we keep as they are, and the extension they are stored (and served) under. */
const VIDEO_EXTENSIONS: Readonly<Record<string, VideoExtension>> = {
  'video/mp4': 'mp4',
  // An .m4v is an MP4 by another brand; browsers play it as video/mp4.
  'video/x-m4v': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/**
 * Recordings we keep as they are, by file-type's extension (its MIME types are shared: mp3, mp2 and
 * mp1 are all audio/mpeg). An MPEG-4 file whose brand says video (mp42, isom) may still hold audio
 * alone: the ISO parser's tracks decide (upload.ts), not the brand.
 */
const AUDIO_EXTENSIONS: Readonly<Record<string, AudioExtension>> = {
  mp3: 'mp3',
  m4a: 'm4a',
  // Audiobook and Flash audio brands of the same MPEG-4 audio.
  m4b: 'm4a',
  f4a: 'm4a',
  ogg: 'ogg',
  opus: 'ogg',
};

/**
 * What an upload is, judged by its first bytes alone: the file's name and the type the client
 * declared are never trusted (a script renamed photo.jpg is still a script). Null for anything
 * that is not an image, video or recording we take, SVG included (it can carry scripts).
 */
export async function sniffMedia(head: Uint8Array): Promise<SniffedMedia | null> {
  const type = await fileTypeFromBuffer(head);
  if (!type) return null;
  if (IMAGE_MIMES.has(type.mime)) return { resourceType: 'image', mime: type.mime };
  const audio = Object.hasOwn(AUDIO_EXTENSIONS, type.ext) ? AUDIO_EXTENSIONS[type.ext] : undefined;
  if (audio) return { resourceType: 'audio', mime: type.mime, extension: audio };
  const extension = Object.hasOwn(VIDEO_EXTENSIONS, type.mime) ? VIDEO_EXTENSIONS[type.mime] : undefined;
  return extension ? { resourceType: 'video', mime: type.mime, extension } : null;
}
