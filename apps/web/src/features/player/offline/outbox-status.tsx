import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import en from '../../../i18n/player/outbox.en.json';
import he from '../../../i18n/player/outbox.he.json';
import { allPhotos, onPhotosChanged } from './kept-io.ts';
import { onRefused } from './send-changes.ts';

/**
 * The `outbox` texts come with this chunk rather than through the app's translation backend: it is
 * fetched as the page starts (kept-io.ts), so the banner can speak when the network has gone.
 */
const OUTBOX_NAMESPACE = 'outbox';
const TEXTS = { he, en };

/** The photos waiting in the photo outbox, live; 0 where the database cannot be read. */
function usePhotosWaiting(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void allPhotos().then(
        (photos) => live && setCount(photos.length),
        () => undefined,
      );
    read();
    const stop = onPhotosChanged(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return count;
}

/** Changes the server refused since the player last read so, and the way to say it was read. */
function useRefused(): [number, () => void] {
  const [count, setCount] = useState(0);
  useEffect(() => onRefused(() => setCount((n) => n + 1)), []);
  return [count, () => setCount(0)];
}

/**
 * That the phone is offline (its play kept, sent when the network returns), and what waits on it to
 * reach the server: "3 changes and 1 photo waiting to be sent". Inside offline-banner.tsx's status
 * region on every player screen, updated as the outboxes change; and when the server refused a change
 * the phone had judged otherwise (its answer, or a move another phone of the team made first), that
 * the game now shows the server's word.
 */
export default function OfflineNotice({ offline, changes }: { offline: boolean; changes: number }): ReactNode {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'he';
  if (!i18n.hasResourceBundle(language, OUTBOX_NAMESPACE)) i18n.addResourceBundle(language, OUTBOX_NAMESPACE, TEXTS[language]);
  const t = i18n.getFixedT(language, OUTBOX_NAMESPACE);
  const photos = usePhotosWaiting();
  const [refused, readRefused] = useRefused();
  const what =
    changes > 0 && photos > 0
      ? t('both', { changes: t('changes', { count: changes }), photos: t('photos', { count: photos }) })
      : changes > 0
        ? t('changes', { count: changes })
        : t('photos', { count: photos });
  return (
    <>
      {offline && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconWifiOff aria-hidden />}
          data-testid="offline-banner"
          mb="sm"
          styles={{ root: { border: '2px solid var(--mantine-color-orange-6)' }, message: { color: 'var(--mantine-color-text)', fontWeight: 600 } }}
        >
          {t('offline')}
        </Alert>
      )}
      {refused > 0 && (
        <Alert color="red" variant="light" mb="sm" data-testid="outbox-refused">
          <Text size="sm">{t('refused', { count: refused })}</Text>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={readRefused}>
            {t('refusedRead')}
          </Button>
        </Alert>
      )}
      {changes + photos > 0 && (
        <Text size="sm" fw={600} mb="sm" data-testid="outbox-status">
          {t('waiting', { what })}
        </Text>
      )}
    </>
  );
}
