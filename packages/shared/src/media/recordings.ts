import { mediaKeyFromUrl } from './image-variants.ts';

/** The extensions a stored recording has (its key's): a game names a recording by its URL alone. */
const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'ogg'] as const;

/** An absolute address's path, for our own media written with this site's origin (an export file's). */
const ABSOLUTE = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)$/;

/**
 * The storage key of a creator's recording as a game names it: our own `/media/{key}` (root-relative
 * as stored, or absolute as an export file writes it) with a recording's extension; null for any
 * other address. That the key is the creator's own upload is the save's check.
 */
export function recordingKeyFromUrl(url: string): string | null {
  const key = mediaKeyFromUrl(ABSOLUTE.exec(url)?.[1] ?? url);
  if (!key) return null;
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return (AUDIO_EXTENSIONS as readonly string[]).includes(extension) ? key : null;
}
