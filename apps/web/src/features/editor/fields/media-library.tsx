import { Alert, Box, Button, Center, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MediaResource, MediaType } from '@streethunt/shared';
import { fetchMedia } from './api.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';
import { MediaUpload } from './media-upload.tsx';

export const mediaQueryKey = (type: MediaType) => ['studio', 'media', type] as const;

/**
 * The user's images or videos as a grid to pick one from, with an upload area above it; a new
 * upload joins the list and is picked at once.
 */
export function MediaLibrary({ type, selected, onPick }: { type: MediaType; selected?: string; onPick(resource: MediaResource): void }) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const media = useQuery({ queryKey: mediaQueryKey(type), queryFn: ({ signal }) => fetchMedia(type, signal) });

  const uploaded = (resource: MediaResource) => {
    queryClient.setQueryData<MediaResource[]>(mediaQueryKey(type), (list) => [resource, ...(list ?? []).filter((r) => r.public_id !== resource.public_id)]);
    void queryClient.invalidateQueries({ queryKey: mediaQueryKey(type) });
    onPick(resource);
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
  } else if (media.data.length === 0) {
    list = (
      <Text size="sm" c="dimmed" data-testid="media-empty">
        {t(`fields.media.empty.${type}`)}
      </Text>
    );
  } else {
    list = (
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" data-testid="media-grid">
        {media.data.map((resource) => {
          const chosen = resource.secure_url === selected;
          return (
            <UnstyledButton
              key={resource.public_id}
              onClick={() => onPick(resource)}
              aria-label={t('fields.media.pick', { name: resource.public_id })}
              aria-pressed={chosen}
              data-testid="media-item"
              pos="relative"
              style={{
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
        {list}
      </Stack>
    </Stack>
  );
}
