import { useEffect, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FeedItem, PlayPhoto } from '@streethunt/shared';
import { photosApi, photosKeys } from '../../api/photos.ts';
import { PhotoJudging } from '../../ui/photos/photo-judging.tsx';
import { RoomSection } from './room-section.tsx';

/**
 * The teams' photos: the organiser accepts (with points) or rejects each, with a word back; the list
 * is read again whenever the feed says a photo arrived. All of them download as one zip.
 */
export function PhotosPanel({ eventId, eventName, feed, onUnauthorized }: { eventId: string; eventName: string; feed: readonly FeedItem[]; onUnauthorized(error: unknown): void }) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const key = photosKeys.event(eventId);
  const photos = useQuery({ queryKey: key, queryFn: ({ signal }) => photosApi.ofEvent(eventId, signal) });
  const arrived = feed.filter((item) => item.kind === 'photo').length;
  useEffect(() => {
    if (arrived > 0) void queryClient.invalidateQueries({ queryKey: key });
    // The key is made of eventId alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived, eventId, queryClient]);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const list = photos.data ?? [];
  const judged = (photo: PlayPhoto) => queryClient.setQueryData<PlayPhoto[]>(key, (current) => current?.map((p) => (p.id === photo.id ? photo : p)));

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await photosApi.downloadZip(eventId, `${eventName}-photos.zip`);
    } catch (error) {
      setDownloadFailed(true);
      onUnauthorized(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <RoomSection
      title={t('photos.title')}
      testId="photos-panel"
      aside={
        list.length > 0 && (
          <Button size="xs" variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()} loading={downloading} data-testid="photos-download">
            {t('photos.download')}
          </Button>
        )
      }
    >
      {downloadFailed && (
        <Text c="red" size="sm" role="alert">
          {t('photos.downloadFailed')}
        </Text>
      )}
      {photos.isSuccess && <PhotoJudging photos={list} onJudged={judged} onUnauthorized={onUnauthorized} />}
    </RoomSection>
  );
}
