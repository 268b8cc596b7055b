import { AspectRatio, Stack, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MediaResource, MediaType } from '@streethunt/shared';
import { responsiveImage } from '@streethunt/shared/media';

/** The width of the server's resized variant the editor shows (a grid cell, or the picker's preview). */
const PREVIEW_IMAGE_WIDTH = 480;

/** An image through the server's resized variant; any other URL as it is. */
function previewImageSrc(url: string): string {
  return responsiveImage(url, PREVIEW_IMAGE_WIDTH).src;
}

/** A length in milliseconds as m:ss (h:mm:ss past an hour), digits the same in every language. */
export function formatLength(ms: number): string {
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** One item of the library grid: a square crop of the image, the video's first frame, or a recording's icon and length. */
export function MediaThumbnail({ resource }: { resource: MediaResource }) {
  if (resource.resource_type === 'audio') return <RecordingThumbnail durationMs={resource.durationMs ?? null} />;
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

function RecordingThumbnail({ durationMs }: { durationMs: number | null }) {
  const { t } = useTranslation('studio');
  return (
    <AspectRatio ratio={1}>
      <Stack gap={4} align="center" justify="center" bg="gray.1" c="gray.8" data-testid="media-audio">
        <IconMicrophone size={32} aria-hidden />
        {durationMs !== null && (
          <Text size="sm" fw={600} dir="ltr">
            {t('fields.media.recording.item', { length: formatLength(durationMs) })}
          </Text>
        )}
      </Stack>
    </AspectRatio>
  );
}
