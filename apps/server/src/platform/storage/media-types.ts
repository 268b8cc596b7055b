/** The files GET /media/{key} serves, by the key's extension, with the type they are sent as. */
const IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** Videos are stored as uploaded (no re-encoding), under one of these extensions. */
const VIDEO_CONTENT_TYPES = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
} as const;
export type VideoExtension = keyof typeof VIDEO_CONTENT_TYPES;

/** Creators' recordings, also stored as uploaded: MPEG audio, MPEG-4 audio, Ogg (Vorbis or Opus). */
const AUDIO_CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
} as const;
export type AudioExtension = keyof typeof AUDIO_CONTENT_TYPES;

/** Files sent as stored, in byte ranges (players seek that way): videos and recordings. */
const STREAMED_CONTENT_TYPES: Readonly<Record<string, string>> = { ...VIDEO_CONTENT_TYPES, ...AUDIO_CONTENT_TYPES };

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

export const imageContentType = (key: string): string | undefined => IMAGE_CONTENT_TYPES[extensionOf(key)];

/** The type a video or a recording is sent as, by its key's extension; undefined for anything else. */
export function streamedContentType(key: string): string | undefined {
  const extension = extensionOf(key);
  return Object.hasOwn(STREAMED_CONTENT_TYPES, extension) ? STREAMED_CONTENT_TYPES[extension] : undefined;
}
