import '@mantine/dropzone/styles.layer.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MediaResource, MediaType } from '@streethunt/shared';
import { ApiError } from '../../../api/client.ts';
import { uploadMedia } from './api.ts';
import { ACCEPTED_FILES, MAX_UPLOAD_BYTES, checkMediaFile } from './media-file-check.ts';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'done'; name: string }
  | { status: 'failed'; message: string };

/** Server refusals with a message of their own (error code -> translation key). */
const UPLOAD_REFUSALS: Partial<Record<string, 'fields.media.upload.quota' | 'fields.media.upload.badVideo' | 'fields.media.upload.badAudio' | 'fields.media.upload.tooLong'>> = {
  quota: 'fields.media.upload.quota',
  bad_video: 'fields.media.upload.badVideo',
  bad_audio: 'fields.media.upload.badAudio',
  too_long: 'fields.media.upload.tooLong',
};

/**
 * One file, dropped or chosen, checked here (type and size) and uploaded with a progress bar of the
 * bytes really sent. The server's own message is shown when it refuses the file.
 */
export function MediaUpload({ type, onUploaded }: { type: MediaType; onUploaded(resource: MediaResource): void }) {
  const { t } = useTranslation('studio');
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async (file: File) => {
    const problem = checkMediaFile(file, type);
    if (problem) {
      const message =
        problem.reason === 'wrongType' ? t(`fields.media.upload.wrongType.${type}`) : t('fields.media.upload.tooLarge', { max: problem.maxMegabytes });
      setState({ status: 'failed', message });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const resource = await uploadMedia(file, {
        signal: controller.signal,
        onProgress: (fraction) => setState({ status: 'uploading', name: file.name, percent: Math.round(fraction * 100) }),
      });
      setState({ status: 'done', name: file.name });
      onUploaded(resource);
    } catch (error) {
      if (controller.signal.aborted) return;
      // The refusals a creator can act on, in their language; any other in the server's words.
      const known = error instanceof ApiError ? UPLOAD_REFUSALS[error.code] : undefined;
      const message = known
        ? t(known)
        : error instanceof ApiError && error.message
          ? t('fields.media.upload.failed', { message: error.message })
          : t('fields.media.upload.network');
      setState({ status: 'failed', message });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const onDropAny = (files: FileWithPath[], rejections: FileRejection[]) => {
    const all = [...files, ...rejections.map((rejection) => rejection.file)];
    if (all.length === 0) return;
    if (all.length > 1) {
      setState({ status: 'failed', message: t('fields.media.upload.oneFile') });
      return;
    }
    void start(all[0]);
  };

  const uploading = state.status === 'uploading';
  const maxMegabytes = Math.round(MAX_UPLOAD_BYTES[type] / (1024 * 1024));
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={() => undefined}
        onDropAny={onDropAny}
        accept={ACCEPTED_FILES[type]}
        multiple={false}
        useFsAccessApi={false}
        disabled={uploading}
        // The area takes drops and clicks; the keyboard and screen readers use the button inside it. An
        // area that was itself a button held the file input, a control inside a control.
        activateOnKeyboard={false}
        // Out of the page's tree (react-dropzone only hides it visually): the button is the control.
        inputProps={{ style: { display: 'none' } }}
        data-testid="media-dropzone"
        p="md"
      >
        <Group gap="sm" wrap="nowrap" justify="center" mih={64} style={{ pointerEvents: 'none' }}>
          <IconUpload size={28} aria-hidden />
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={600}>
              {t(`fields.media.upload.drop.${type}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('fields.media.upload.limit', { max: maxMegabytes })}
            </Text>
            {/* Its click reaches the area, which opens the file chooser. */}
            <Button size="xs" variant="default" disabled={uploading} style={{ pointerEvents: 'auto' }}>
              {t(`fields.media.upload.label.${type}`)}
            </Button>
          </Stack>
        </Group>
      </Dropzone>
      {state.status === 'uploading' && (
        <Stack gap={4} data-testid="media-upload-progress">
          <Text size="sm" dir="auto">
            {t('fields.media.upload.progress', { name: state.name, percent: state.percent })}
          </Text>
          <Progress value={state.percent} aria-label={t(`fields.media.upload.label.${type}`)} animated />
        </Stack>
      )}
      {/* Always mounted, so screen readers announce the outcome when it is filled in. */}
      <div role="status" aria-live="polite">
        {state.status === 'done' && (
          <Text size="sm" c="teal.8" dir="auto">
            {t('fields.media.upload.done', { name: state.name })}
          </Text>
        )}
      </div>
      {state.status === 'failed' && (
        <Alert color="red" variant="light" role="alert" data-testid="media-upload-error">
          <Text size="sm" dir="auto">
            {state.message}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
