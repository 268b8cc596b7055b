import { z } from 'zod';
import { IMAGE_WIDTHS, isMediaKey, type ImageWidth } from '../media/image-variants.ts';
import { idSchema, lineText } from './common.ts';

// GET /media/{key}?w={width}: a stored file, or its variant of an allowed width (served outside /api).
export const mediaFileParamsSchema = z.object({
  '*': lineText().refine(isMediaKey, 'not a media key (folders and a file name of a-z, 0-9, - and _, one extension)'),
});
/** `w` exactly as the web app writes it ('480', not '0480' or '4.8e2'): one URL per variant. */
export const mediaFileQuerySchema = z.object({
  w: z
    .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], { error: `must be one of ${IMAGE_WIDTHS.join(', ')}` })
    .transform((w) => Number(w) as ImageWidth)
    .optional(),
});

// GET /api/media/{image|video|audio}, POST /api/media/upload/ (spec section 7: Media resource; audio beyond it).
const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const mediaTypeParamsSchema = z.object({ type: z.enum(MEDIA_TYPES) });
const mediaResourceSchema = z.object({
  public_id: z.string(),
  resource_type: z.enum(MEDIA_TYPES),
  secure_url: z.string(),
  // Beyond the spec's three: what the file takes of the owner's quota, and what a parser read of it.
  bytes: z.number().int().nonnegative().optional(),
  width: z.number().int().positive().nullable().optional(),
  height: z.number().int().positive().nullable().optional(),
  /** A video's or a recording's length in milliseconds; null when a video does not say (a recording always does). */
  durationMs: z.number().int().nonnegative().nullable().optional(),
});
export type MediaResource = z.infer<typeof mediaResourceSchema>;
export const mediaListReplySchema = z.object({
  data: z.object({
    resources: z.array(mediaResourceSchema),
    /** The caller's stored uploads (images, videos, recordings) and their quota, in bytes. */
    usage: z.object({ usedBytes: z.number().int().nonnegative(), quotaBytes: z.number().int().positive() }).optional(),
  }),
});
export type MediaListReply = z.infer<typeof mediaListReplySchema>;
export const mediaUploadReplySchema = z.object({ data: mediaResourceSchema });
// DELETE /api/media/{mediaId}: an upload no game uses (409 when one does).
export const mediaIdParamsSchema = z.object({ mediaId: idSchema });
export const mediaDeleteReplySchema = z.object({ data: z.object({ deleted: z.literal(true) }) });
/** Upload caps: refused before the whole body is read. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024;
/** A creator's recording (mp3, m4a, ogg): at most this large, and at most MAX_AUDIO_DURATION_MS long. */
export const MAX_AUDIO_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_AUDIO_DURATION_MS = 10 * 60 * 1000;
