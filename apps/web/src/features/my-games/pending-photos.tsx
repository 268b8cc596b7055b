import { Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayPhoto } from '@streethunt/shared';
import { photosApi, photosKeys } from '../../api/photos.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../api/session.tsx';
import { PhotoJudging } from '../../ui/photos/photo-judging.tsx';

/**
 * Photos of my games' 'judged later' questions, played outside events, that wait for me (of the game
 * searched, or of all my games): each judged here stays on the list with its verdict until the page
 * reads the list again. Nothing shows while none wait.
 */
export function PendingPhotos({ gameId }: { gameId: string | null }) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const { logOut } = useSession();
  const logOutOn401 = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) logOut();
  };
  const key = photosKeys.pending(gameId ?? undefined);
  const photos = useQuery({ queryKey: key, queryFn: ({ signal }) => photosApi.pending(gameId ?? undefined, signal), refetchOnWindowFocus: false });
  const list = photos.data ?? [];
  if (list.length === 0) return null;
  const waiting = list.filter((photo) => photo.status === 'pending').length;
  const judged = (photo: PlayPhoto) => queryClient.setQueryData<PlayPhoto[]>(key, (current) => current?.map((p) => (p.id === photo.id ? photo : p)));
  return (
    <Stack gap="sm" component="section" data-testid="pending-photos">
      <Group gap="sm">
        <Title order={2} size="h4">
          {t('photos.pendingTitle')}
        </Title>
        <Badge>{t('photos.pendingCount', { count: waiting })}</Badge>
      </Group>
      <PhotoJudging photos={list} onJudged={judged} onUnauthorized={logOutOn401} />
    </Stack>
  );
}
