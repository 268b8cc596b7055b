import { AspectRatio } from '@mantine/core';
import type { MediaResource, MediaType } from '@streethunt/shared';
import { responsiveImage } from '@streethunt/shared/media';

/** The width of the server's resized variant the editor shows (a grid cell, or the picker's preview). */
const PREVIEW_IMAGE_WIDTH = 480;

/** An image through the server's resized variant; any other URL as it is. */
function previewImageSrc(url: string): string {
  return responsiveImage(url, PREVIEW_IMAGE_WIDTH).src;
}

/** One item of the library grid: a square crop of the image, or the video's first frame. */
export function MediaThumbnail({ resource }: { resource: MediaResource }) {
  return (
    <AspectRatio ratio={1}>
      <MediaElement type={resource.resource_type} url={resource.secure_url} fit="cover" />
    </AspectRatio>
  );
}

/** The image or video itself; decorative where a label next to it says what it is. */
export function MediaElement({ type, url, fit = 'contain', controls = false }: { type: MediaType; url: string; fit?: 'cover' | 'contain'; controls?: boolean }) {
  const style = { inlineSize: '100%', blockSize: '100%', objectFit: fit, display: 'block', background: 'var(--mantine-color-gray-1)' } as const;
  if (type === 'video') return <video src={url} preload="metadata" muted playsInline controls={controls} style={style} data-testid="media-video" />;
  return <img src={previewImageSrc(url)} alt="" loading="lazy" decoding="async" style={style} data-testid="media-image" />;
}
