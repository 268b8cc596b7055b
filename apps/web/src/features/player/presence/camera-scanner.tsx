import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { makeCodeReader, type CodeReader } from './code-reader.ts';

/** How often a frame is read: often enough to feel at once, rarely enough to spare a weak phone's battery. */
const READ_EVERY_MS = 250;

/** The rear camera (the front one where a device has no other); a browser without camera access throws. */
function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no camera access here'));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

export type CameraScannerProps = {
  /** A QR code's text was read; true ends the scan (the caller closes the camera), false reads on. */
  onText(text: string): boolean;
  onClose(): void;
  /** For tests: the camera and the reader. */
  openCamera?: () => Promise<MediaStream>;
  makeReader?: () => Promise<CodeReader>;
};

/** The camera's picture with a frame to aim, read a few times a second until a QR code is read or the player closes it. */
export function CameraScanner({ onText, onClose, openCamera = openRearCamera, makeReader = makeCodeReader }: CameraScannerProps) {
  const { t } = useTranslation('presence');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'denied' | 'unavailable' | null>(null);
  // The latest handler, read by the loop without restarting the camera.
  const handler = useRef(onText);
  useEffect(() => {
    handler.current = onText;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      try {
        const [opened, reader] = await Promise.all([openCamera(), makeReader()]);
        stream = opened;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = opened;
        await element.play().catch(() => undefined);
        const tick = async () => {
          if (stopped) return;
          const text = await reader.read(element).catch(() => null);
          if (stopped) return;
          if (text && handler.current(text)) return;
          timer = setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setProblem(error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError') ? 'denied' : 'unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stopTracks(stream);
    };
  }, [openCamera, makeReader]);

  return (
    <Stack gap="xs" data-testid="presence-camera">
      {problem ? (
        <Alert color="orange" variant="light" role="alert" data-testid="presence-camera-problem">
          {t(`presence.camera.${problem}`)}
        </Alert>
      ) : (
        <Box pos="relative" style={{ inlineSize: '100%', maxInlineSize: 360, marginInline: 'auto', aspectRatio: '1', borderRadius: 12, overflow: 'hidden', background: '#000' }}>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('presence.camera.label')}
            style={{ inlineSize: '100%', blockSize: '100%', objectFit: 'cover', display: 'block' }}
          />
          {/* The frame to aim with; the whole picture is read, so it need not be exact. */}
          <Box aria-hidden pos="absolute" style={{ inset: '18%', border: '3px solid rgba(255,255,255,0.9)', borderRadius: 12, boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)' }} />
        </Box>
      )}
      {!problem && (
        <Text size="sm" ta="center" c="dimmed">
          {t('presence.camera.aim')}
        </Text>
      )}
      <Button variant="default" size="md" leftSection={<IconX size={18} aria-hidden />} onClick={onClose} data-testid="presence-camera-close">
        {t('presence.camera.close')}
      </Button>
    </Stack>
  );
}
