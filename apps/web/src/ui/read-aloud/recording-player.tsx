import { useEffect, useId, useRef } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { playRecordingsSetting } from './read-aloud-setting.ts';
import { stopSpeaking } from './speech.ts';

/**
 * A creator's recording: the browser's own audio controls (play, pause, seek, volume: named by every
 * screen reader, in the phone's language) under a visible label, and a note that the text below is
 * its transcript. With `autoPlay`, it starts as it is first shown when the player chose "play
 * recordings on arrival"; a browser that refuses to play without a tap leaves the control for it.
 */
export default function RecordingPlayer({ url, label, autoPlay }: { url: string; label: string; autoPlay: boolean }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const labelId = useId();
  const noteId = useId();

  useEffect(() => {
    // Once, as the question opens: choosing it later, or coming back to the screen, starts nothing.
    if (!autoPlay || !playRecordingsSetting()) return;
    stopSpeaking();
    audio.current?.play().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on first showing only
  }, []);

  return (
    <Stack gap={4} data-testid="recording">
      <Group gap={6} wrap="nowrap">
        <IconMicrophone size={18} aria-hidden />
        <Text id={labelId} fw={600} size="sm">
          {label}
        </Text>
      </Group>
      <audio
        ref={audio}
        src={url}
        controls
        preload="metadata"
        aria-labelledby={labelId}
        aria-describedby={noteId}
        // The reading voice and a recording never talk at once.
        onPlay={() => stopSpeaking()}
        style={{ inlineSize: '100%' }}
        data-testid="recording-audio"
      />
      <Text id={noteId} size="sm" c="dimmed">
        {t('player.recording.transcript')}
      </Text>
    </Stack>
  );
}
