import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLength } from './media-thumbnail.tsx';

/** The file name of a media URL (its key's last part): what the creator sees of the chosen recording. */
const fileNameOf = (url: string) => url.split(/[?#]/)[0].split('/').pop() ?? url;

/**
 * The chosen recording in the editor: its file, its length (read by the browser from the file's
 * header) and a player to listen to it before saving.
 */
export function RecordingPreview({ url }: { url: string }) {
  const { t } = useTranslation('studio');
  const [lengthMs, setLengthMs] = useState<number | null>(null);
  return (
    <Stack gap="xs" data-testid="media-current">
      <Group gap="xs" wrap="nowrap">
        <IconMicrophone size={20} aria-hidden />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="recording-name">
            {t('fields.media.recording.file', { name: fileNameOf(url) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="recording-length">
            {lengthMs === null ? t('fields.media.recording.lengthUnknown') : t('fields.media.recording.length', { length: formatLength(lengthMs) })}
          </Text>
        </Stack>
      </Group>
      <audio
        key={url}
        src={url}
        controls
        preload="metadata"
        aria-label={t('fields.media.recording.preview')}
        style={{ inlineSize: '100%' }}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setLengthMs(Math.round(seconds * 1000));
        }}
        data-testid="recording-preview"
      />
    </Stack>
  );
}
