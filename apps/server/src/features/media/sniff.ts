import { fileTypeFromBuffer } from 'file-type';
import type { VideoExtension } from '../../platform/storage/media-types.ts';

/** Enough leading bytes to tell every accepted type (file-type's own 'reasonable detection size'). */
export const SNIFF_BYTES = 4100;

export type SniffedMedia = { resourceType: 'image'; mime: string } | { resourceType: 'video'; mime: string; extension: VideoExtension };

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
 * What an upload is, judged by its first bytes alone: the file's name and the type the client
 * declared are never trusted (a script renamed photo.jpg is still a script). Null for anything
 * that is not an image or video we take, SVG included (it can carry scripts).
 */
export async function sniffMedia(head: Uint8Array): Promise<SniffedMedia | null> {
  const type = await fileTypeFromBuffer(head);
  if (!type) return null;
  if (IMAGE_MIMES.has(type.mime)) return { resourceType: 'image', mime: type.mime };
  const extension = Object.hasOwn(VIDEO_EXTENSIONS, type.mime) ? VIDEO_EXTENSIONS[type.mime] : undefined;
  return extension ? { resourceType: 'video', mime: type.mime, extension } : null;
}
