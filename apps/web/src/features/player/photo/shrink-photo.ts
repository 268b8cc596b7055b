import { PHOTO_MAX_SIDE } from '@streethunt/shared';

/** The JPEG quality of a photo shrunk on the phone: a few hundred KB to send. */
const QUALITY = 0.8;

/**
 * The photo shrunk on the phone before it is kept and sent: at most PHOTO_MAX_SIDE on its long side,
 * turned upright, as JPEG. Drawing it on a canvas also leaves its EXIF (the GPS position) behind; the
 * server strips metadata again in any case. Where the browser cannot (an old one, a format it cannot
 * decode), the file goes as it is and the server shrinks it.
 */
export async function shrinkPhoto(file: Blob, side = PHOTO_MAX_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    return blob && blob.size > 0 ? blob : file;
  } finally {
    bitmap.close();
  }
}
