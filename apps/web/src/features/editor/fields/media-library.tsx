import { useState } from 'react';
import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Popover, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MediaListReply, MediaResource, MediaType } from '@streethunt/shared';
import { ApiError } from '../../../api/client.ts';
import { deleteMedia, fetchMedia } from './api.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';
import { MediaUpload } from './media-upload.tsx';

const mediaQueryKey = (type: MediaType) => ['studio', 'media', type] as const;

type Library = MediaListReply['data'];

const KB = 1024;
const MB = 1024 * KB;
/** Kilobytes below 1 MB, megabytes below 1 GB, else gigabytes, with one decimal at most, in the reader's language. */
function formatBytes(bytes: number, language: string): { amount: string; unit: 'kb' | 'mb' | 'gb' } {
  const [size, unit] = bytes >= 1024 * MB ? ([1024 * MB, 'gb'] as const) : bytes >= MB ? ([MB, 'mb'] as const) : ([KB, 'kb'] as const);
  return { amount: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / size), unit };
}

/**
 * The user's images or videos as a grid to pick one from, with an upload area above it; a new
 * upload joins the list and is picked at once. An upload no game uses can be deleted (after a
 * confirmation), which frees its room in the user's quota.
 */
export function MediaLibrary({ type, selected, onPick }: { type: MediaType; selected?: string; onPick(resource: MediaResource): void }) {
  const { t, i18n } = useTranslation('studio');
  const queryClient = useQueryClient();
  const media = useQuery({ queryKey: mediaQueryKey(type), queryFn: ({ signal }) => fetchMedia(type, signal) });

  const uploaded = (resource: MediaResource) => {
    queryClient.setQueryData<Library>(mediaQueryKey(type), (library) =>
      library && { ...library, resources: [resource, ...library.resources.filter((r) => r.public_id !== resource.public_id)] },
    );
    void queryClient.invalidateQueries({ queryKey: mediaQueryKey(type) });
    onPick(resource);
  };
  const deleted = (resource: MediaResource) => {
    queryClient.setQueryData<Library>(mediaQueryKey(type), (library) => library && { ...library, resources: library.resources.filter((r) => r.public_id !== resource.public_id) });
    // Both lists share the quota: each reads its usage again.
    void queryClient.invalidateQueries({ queryKey: ['studio', 'media'] });
  };
  const usage = media.data?.usage;
  const size = (bytes: number) => {
    const { amount, unit } = formatBytes(bytes, i18n.language);
    return t(`fields.media.units.${unit}`, { amount });
  };

  let list;
  if (media.isPending) {
    list = (
      <Center py="lg">
        <Loader role="status" aria-label={t('fields.media.loading')} />
      </Center>
    );
  } else if (media.isError) {
    list = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('fields.media.loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void media.refetch()}>
            {t('studio.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (media.data.resources.length === 0) {
    list = (
      <Text size="sm" c="dimmed" data-testid="media-empty">
        {t(`fields.media.empty.${type}`)}
      </Text>
    );
  } else {
    list = (
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="media-grid">
        {media.data.resources.map((resource) => {
          const chosen = resource.secure_url === selected;
          return (
            <Box key={resource.public_id} pos="relative">
              <UnstyledButton
                onClick={() => onPick(resource)}
                aria-label={t('fields.media.pick', { name: resource.public_id })}
                aria-pressed={chosen}
                data-testid="media-item"
                pos="relative"
                style={{
                  display: 'block',
                  width: '100%',
                  borderRadius: 'var(--mantine-radius-sm)',
                  overflow: 'hidden',
                  outline: chosen ? '3px solid var(--mantine-color-teal-6)' : undefined,
                  outlineOffset: 2,
                }}
              >
                <MediaThumbnail resource={resource} />
                {chosen && (
                  <Box
                    pos="absolute"
                    top={4}
                    style={{ insetInlineEnd: 4, borderRadius: '50%', background: 'var(--mantine-color-teal-6)', color: '#fff', display: 'grid', padding: 2 }}
                  >
                    <IconCheck size={16} aria-label={t('fields.media.selected')} />
                  </Box>
                )}
              </UnstyledButton>
              <DeleteButton resource={resource} onDeleted={deleted} />
            </Box>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <MediaUpload type={type} onUploaded={uploaded} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t(`fields.media.library.${type}`)}
        </Title>
        {usage && (
          <Text size="xs" c="dimmed" data-testid="media-usage">
            {t('fields.media.usage', { used: size(usage.usedBytes), quota: size(usage.quotaBytes) })}
          </Text>
        )}
        {list}
      </Stack>
    </Stack>
  );
}

/** A trash button on a library item: asks first, then deletes; a file a game uses stays, and says so. */
function DeleteButton({ resource, onDeleted }: { resource: MediaResource; onDeleted(resource: MediaResource): void }) {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteMedia(resource.public_id),
    onSuccess: () => {
      setOpen(false);
      onDeleted(resource);
    },
  });
  const failure = remove.error instanceof ApiError && remove.error.status === 409 ? t('fields.media.delete.inUse') : t('fields.media.delete.failed');
  return (
    <Popover
      opened={open}
      onChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
      width={240}
      position="bottom"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          pos="absolute"
          bottom={4}
          style={{ insetInlineEnd: 4 }}
          variant="filled"
          color="red"
          size="md"
          aria-label={t('fields.media.delete.label', { name: resource.public_id })}
          data-testid="media-delete"
          onClick={() => setOpen((o) => !o)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="alertdialog" aria-label={t('fields.media.delete.confirm')}>
          <Text size="sm">{t('fields.media.delete.confirm')}</Text>
          {remove.isError && (
            <Text size="sm" c="red" role="alert" data-testid="media-delete-error">
              {failure}
            </Text>
          )}
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              {t('fields.media.delete.cancel')}
            </Button>
            <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('fields.media.delete.yes')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
