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

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

export const imageContentType = (key: string): string | undefined => IMAGE_CONTENT_TYPES[extensionOf(key)];

export function videoContentType(key: string): string | undefined {
  const extension = extensionOf(key);
  return Object.hasOwn(VIDEO_CONTENT_TYPES, extension) ? VIDEO_CONTENT_TYPES[extension as VideoExtension] : undefined;
}
