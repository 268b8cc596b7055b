import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Alert, Badge, Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_NAMESPACE } from '../../../i18n/live-translations.ts';
import { holdUpdates } from '../../../app/update-gate.ts';
import { photoPoints, type PhotoState } from '@streethunt/shared';
import { flushOutbox } from '../offline/send-changes.ts';
import { myPhotos } from './photo-api.ts';
import { photoId, photoOutbox, type PhotoOutbox, type QueuedPhoto } from './photo-queue.ts';
import { shrinkPhoto } from './shrink-photo.ts';

/** The kept photo of this play and question, live. */
function useKeptPhoto(outbox: PhotoOutbox, id: string): QueuedPhoto | null | undefined {
  const [kept, setKept] = useState<QueuedPhoto | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () =>
      void outbox.pending().then((all) => {
        if (live) setKept(all.find((photo) => photo.id === id) ?? null);
      });
    read();
    const stop = outbox.subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, [outbox, id]);
  return kept;
}

/** A URL for a blob while it is shown. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export type PhotoStepProps = {
  gameId: string;
  secretCode: string;
  grant?: string;
  questionId: string;
  /** The server's word on this question's photo, once it has it. */
  photo?: PhotoState;
  /** The team plays in an event: its organiser judges. */
  inEvent: boolean;
  /** The play has no network now (its last call got no answer). */
  offline: boolean;
};

/**
 * A photo question's step: take a picture (the back camera) or pick one, shrunk on the phone and put
 * in the photo outbox (offline too); the page's outbox sender sends it as soon as the network allows,
 * on screen or not, and the play takes the server's progress from its reply. This step shows how it
 * fares (kept, sending, refused); then whom it waits for, and the verdict
 * with the judge's comment. A rejected photo may be taken again.
 */
export default function PhotoStep({ gameId, secretCode, grant, questionId, photo, inEvent, offline }: PhotoStepProps) {
  const { t } = useTranslation();
  const { t: live } = useTranslation(LIVE_NAMESPACE);
  const outbox = photoOutbox();
  const id = photoId(gameId, secretCode, questionId);
  const kept = useKeptPhoto(outbox, id);
  const preview = useObjectUrl(kept?.blob);
  const browserOnline = useSyncExternalStore(subscribeOnline, online, () => true);
  // The last try got no answer: the photo waits for the network.
  const [stalled, setStalled] = useState(false);
  const isOnline = browserOnline && !offline && !stalled;
  const [busy, setBusy] = useState(false);
  // The code of the server's refusal, to say why: too many photos, the creator's storage full, or the photo itself.
  const [refused, setRefused] = useState<string | null>(null);
  const [serverUrl, setServerUrl] = useState<string>();

  // How this question's photo fared with the sender (which sends it whether or not this step is shown).
  useEffect(
    () =>
      outbox.onOutcome((outcome) => {
        if (outcome.photo.id !== id) return;
        setStalled(outcome.kind === 'kept');
        if (outcome.kind === 'refused') setRefused(outcome.error.code);
      }),
    [outbox, id],
  );

  // The server's copy, once it has one (a link signed for this team), when the phone no longer keeps its own.
  const status = photo?.status;
  useEffect(() => {
    if (!status || kept || !isOnline) return;
    let live = true;
    myPhotos({ gameId, secretCode, ...(grant && { grant }) }).then(
      (reply) => live && setServerUrl(reply.data.find((p) => p.questionId === questionId)?.url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [status, kept, isOnline, gameId, secretCode, grant, questionId]);

  // A new version of the app never reloads the page while a photo is being made ready or uploads
  // (one kept offline waits in IndexedDB and survives a reload).
  const uploading = busy || (Boolean(kept) && isOnline);
  useEffect(() => (uploading ? holdUpdates('photo') : undefined), [uploading]);

  const take = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setRefused(null);
    try {
      const blob = await shrinkPhoto(file);
      await outbox.add({ gameId, secretCode, ...(grant && { grant }), questionId, blob });
      setStalled(false);
      flushOutbox();
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? serverUrl;
  // A rejected photo may be taken again (it then waits for a verdict anew) while the team plays.
  const retake = photo?.status === 'rejected';
  return (
    <Stack gap="sm" data-testid="photo-step" data-status={kept ? 'kept' : (status ?? 'none')}>
      {shown && <Image src={shown} alt={t('player.photo.yours')} radius="md" mah={320} fit="contain" data-testid="photo-preview" />}
      {photo && !kept && <PhotoVerdict photo={photo} inEvent={inEvent} />}
      {kept ? (
        <Alert color={isOnline ? 'blue' : 'yellow'} variant="light" data-testid="photo-queued">
          <Group gap="xs" wrap="nowrap">
            {isOnline && <Loader size="xs" aria-hidden />}
            <Text size="sm">{t(isOnline ? 'player.photo.sending' : 'player.photo.keptOffline')}</Text>
          </Group>
        </Alert>
      ) : (
        kept === null &&
        (!photo || retake) && (
          <>
            <Text size="sm" c="dimmed">
              {retake ? live('player.photo.retakeInstructions') : t('player.photo.instructions')}
            </Text>
            <FileButton onChange={(file) => void take(file)} accept="image/*" capture="environment" inputProps={{ 'data-testid': 'photo-take-input' } as object}>
              {(props) => (
                <Button {...props} size="lg" fullWidth leftSection={<IconCamera size={20} aria-hidden />} loading={busy} data-testid="photo-take">
                  {retake ? live('player.photo.retake') : t('player.photo.take')}
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(file) => void take(file)} accept="image/*" inputProps={{ 'data-testid': 'photo-pick-input' } as object}>
              {(props) => (
                <Button {...props} size="md" variant="light" fullWidth leftSection={<IconPhoto size={18} aria-hidden />} disabled={busy} data-testid="photo-pick">
                  {t('player.photo.pick')}
                </Button>
              )}
            </FileButton>
            {refused !== null && (
              <Alert color="red" variant="light" role="alert" data-testid="photo-refused" data-code={refused}>
                {t(REFUSAL_TEXTS[refused] ?? 'player.photo.refused')}
              </Alert>
            )}
          </>
        )
      )}
    </Stack>
  );
}

/** What the team reads when the server refused its photo, by the reply's code. */
const REFUSAL_TEXTS: Partial<Record<string, string>> = {
  too_many_photos: 'player.photo.tooMany',
  quota: 'player.photo.storageFull',
  not_playable: 'player.photo.notPlayable',
};

function PhotoVerdict({ photo, inEvent }: { photo: PhotoState; inEvent: boolean }) {
  const { t } = useTranslation();
  if (photo.status === 'pending') {
    return (
      <Alert color="blue" variant="light" data-testid="photo-verdict" role="status">
        {t(inEvent ? 'player.photo.waitingOrganiser' : 'player.photo.waitingCreator')}
      </Alert>
    );
  }
  const accepted = photo.status === 'accepted';
  return (
    <Alert color={accepted ? 'green' : 'red'} variant="light" data-testid="photo-verdict" role="status">
      <Stack gap={6}>
        <Group gap="xs">
          <Text fw={700}>{t(accepted ? 'player.photo.accepted' : 'player.photo.rejected')}</Text>
          {accepted && <Badge color="green">{t('player.photo.points', { count: photoPoints(photo) })}</Badge>}
        </Group>
        {photo.comment && (
          <Text size="sm" data-testid="photo-comment">
            {t('player.photo.comment')}{' '}
            <Text component="span" dir="auto" fw={500}>
              {photo.comment}
            </Text>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
