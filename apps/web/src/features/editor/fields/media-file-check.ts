import { MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES, type MediaType } from '@streethunt/shared';

/** Largest file of each type the server takes. */
export const MAX_UPLOAD_BYTES: Record<MediaType, number> = { image: MAX_IMAGE_UPLOAD_BYTES, video: MAX_VIDEO_UPLOAD_BYTES };

/**
 * What the file dialog offers, per type (react-dropzone's `accept`): the formats the server stores
 * (apps/server/src/features/media/media-types.ts). No SVG: it can carry script.
 */
export const ACCEPTED_FILES: Record<MediaType, Record<string, string[]>> = {
  image: { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [], 'image/avif': [] },
  video: { 'video/mp4': [], 'video/webm': [], 'video/quicktime': [] },
};

export type FileProblem = { reason: 'wrongType'; type: MediaType } | { reason: 'tooLarge'; type: MediaType; maxMegabytes: number };

/** The type a file claims by its MIME type, or null when it is no image or video the server takes. */
export function mediaTypeOf(file: Pick<File, 'type'>): MediaType | null {
  const mime = file.type.toLowerCase();
  if (Object.hasOwn(ACCEPTED_FILES.image, mime)) return 'image';
  if (Object.hasOwn(ACCEPTED_FILES.video, mime)) return 'video';
  return null;
}

/**
 * Why a file may not be uploaded as `type`, or null when it may. A quick check before sending a large
 * body for nothing; the server sniffs the content again and has the last word.
 */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>, type: MediaType): FileProblem | null {
  if (mediaTypeOf(file) !== type) return { reason: 'wrongType', type };
  const max = MAX_UPLOAD_BYTES[type];
  if (file.size > max) return { reason: 'tooLarge', type, maxMegabytes: Math.round(max / (1024 * 1024)) };
  return null;
}
