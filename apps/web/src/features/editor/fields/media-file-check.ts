import { MAX_AUDIO_UPLOAD_BYTES, MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, type MediaType } from '@streethunt/shared';

/** Largest file of each type the server takes. */
export const MAX_UPLOAD_BYTES: Record<MediaType, number> = { image: MAX_IMAGE_UPLOAD_BYTES, video: MAX_VIDEO_UPLOAD_BYTES, audio: MAX_AUDIO_UPLOAD_BYTES };

/**
 * What the file dialog offers, per type (react-dropzone's `accept`): the formats the server stores
 * (apps/server/src/platform/storage/media-types.ts). No SVG: it can carry script. Recordings also by
 * extension: phones and browsers name their MIME types differently (audio/x-m4a, audio/mp3, none).
 */
export const ACCEPTED_FILES: Record<MediaType, Record<string, string[]>> = {
  image: { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [], 'image/avif': [] },
  video: { 'video/mp4': [], 'video/webm': [], 'video/quicktime': [] },
  audio: { 'audio/mpeg': ['.mp3'], 'audio/mp3': [], 'audio/mp4': ['.m4a'], 'audio/x-m4a': [], 'audio/ogg': ['.ogg', '.oga', '.opus'], 'audio/opus': [] },
};

/** A recording's extensions, for a file whose MIME type the browser left empty. */
const AUDIO_EXTENSIONS = /\.(mp3|m4a|ogg|oga|opus)$/i;

export type FileProblem = { reason: 'wrongType'; type: MediaType } | { reason: 'tooLarge'; type: MediaType; maxMegabytes: number };

/** The type a file claims by its MIME type (or, for a recording without one, its name), or null when it is nothing the server takes. */
export function mediaTypeOf(file: Pick<File, 'type'> & { name?: string }): MediaType | null {
  const mime = file.type.toLowerCase();
  if (Object.hasOwn(ACCEPTED_FILES.image, mime)) return 'image';
  if (Object.hasOwn(ACCEPTED_FILES.video, mime)) return 'video';
  if (Object.hasOwn(ACCEPTED_FILES.audio, mime)) return 'audio';
  if ((mime === '' || mime === 'application/octet-stream') && file.name && AUDIO_EXTENSIONS.test(file.name)) return 'audio';
  return null;
}

/**
 * Why a file may not be uploaded as `type`, or null when it may. A quick check before sending a large
 * body for nothing; the server sniffs the content again and has the last word (a recording's length too).
 */
export function checkMediaFile(file: Pick<File, 'type' | 'size'> & { name?: string }, type: MediaType): FileProblem | null {
  if (mediaTypeOf(file) !== type) return { reason: 'wrongType', type };
  const max = MAX_UPLOAD_BYTES[type];
  if (file.size > max) return { reason: 'tooLarge', type, maxMegabytes: Math.round(max / (1024 * 1024)) };
  return null;
}
