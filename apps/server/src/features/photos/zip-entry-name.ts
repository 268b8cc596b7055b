import { trimChars } from '@streethunt/shared';

/**
 * A name for a zip entry (a folder or a file) made of a person's text: no folder separators, control
 * or format characters, no leading or trailing dots or spaces (a name of dots would climb out of its
 * folder, and the zip writer refuses it), at most 60 characters, and at least a letter or a digit;
 * else the fallback.
 */
export function zipEntryName(text: string, fallback: string): string {
  const trimDots = (part: string) => trimChars(part, (char) => char === '.' || /\s/u.test(char));
  const clean = trimDots(trimDots(text.replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ').replace(/\s+/gu, ' ')).slice(0, 60));
  return /[\p{L}\p{N}]/u.test(clean) ? clean : fallback;
}
