import { z } from 'zod';
import { IMAGE_WIDTHS, isMediaKey, type ImageWidth } from '../media/image-variants.ts';
import { lineText } from './common.ts';

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
