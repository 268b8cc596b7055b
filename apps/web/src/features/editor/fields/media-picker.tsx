import { Suspense, lazy, useId, useState } from 'react';
import { Box, Button, Center, Group, Input, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPhoto, IconMovie, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MediaType } from '@streethunt/shared';
import { MediaElement } from './media-thumbnail.tsx';
import { RecordingPreview } from './recording-preview.tsx';

// The library and its upload area (react-dropzone) load when the dialog first opens.
const MediaLibrary = lazy(() => import('./media-library.tsx').then((module) => ({ default: module.MediaLibrary })));

export type MediaPickerProps = { label: string; description?: string; type: MediaType; value: string; onChange(url: string): void };

/** A field holding one image, video or recording URL: what is chosen now, and a dialog to pick or upload another. */
export function MediaPicker({ label, description, type, value, onChange }: MediaPickerProps) {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const Icon = type === 'video' ? IconMovie : type === 'audio' ? IconMicrophone : IconPhoto;
  const descriptionId = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={description ? descriptionId : undefined} data-testid="media-picker">
      <Input.Label id={labelId} labelElement="div">
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <Paper withBorder radius="md" p="xs">
        {value && type === 'audio' ? (
          <RecordingPreview url={value} />
        ) : value ? (
          <Box maw={360} mah={240} style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }} data-testid="media-current">
            <MediaElement type={type} url={value} controls={type === 'video'} />
          </Box>
        ) : (
          <Group gap="xs" c="dimmed" data-testid="media-none">
            <Icon size={20} aria-hidden />
            <Text size="sm">{t(`fields.media.none.${type}`)}</Text>
          </Group>
        )}
      </Paper>
      <Group gap="xs">
        <Button variant="light" leftSection={<Icon size={18} aria-hidden />} onClick={() => setOpen(true)}>
          {t(value ? `fields.media.change.${type}` : `fields.media.choose.${type}`)}
        </Button>
        {value && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => onChange('')}>
            {t('fields.media.remove')}
          </Button>
        )}
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t(`fields.media.dialogTitle.${type}`)} size="lg" closeButtonProps={{ 'aria-label': t('studio.close') }}>
        {/* Mounted only while open: the list is asked for when the creator wants it. */}
        {open && (
          <Suspense
            fallback={
              <Center py="lg">
                <Loader role="status" aria-label={t('fields.media.loading')} />
              </Center>
            }
          >
            <MediaLibrary
              type={type}
              selected={value}
              onPick={(resource) => {
                onChange(resource.secure_url);
                setOpen(false);
              }}
            />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}
