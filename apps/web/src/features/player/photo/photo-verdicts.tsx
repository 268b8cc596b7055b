import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoCheck, IconPhotoX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_NAMESPACE } from '../../../i18n/live-translations.ts';
import { photoPoints, type PhotoState } from '@streethunt/shared';
import { withAllStyles } from '../../../ui/all-styles.ts';
import { usePlay } from '../play-context.tsx';
import { useTeamEventState } from '../use-team-event-state.ts';
import { useAnnounceNew } from '../../../ui/announcer/announcer.tsx';
import { keepVerdictsRead, readVerdictsRead } from './kept-verdicts.ts';

const PhotoStep = lazy(withAllStyles(() => import('./photo-step.tsx')));

type Verdict = { key: string; index: number; questionId: string; photo: PhotoState };

/** A verdict is news once per judgement: a photo judged again (or taken again and judged) is news again. */
const verdictKey = (questionId: string, photo: PhotoState) => `${questionId}:${photo.status}:${photo.judgedAt ?? ''}`;

/**
 * The judges' verdicts on the team's photos, as messages: on every page of the play (the team has
 * usually moved on when its photo is judged), each with its points and the judge's comment, until
 * read on this phone. A rejected photo may be taken again from here while the team plays.
 */
export default function PhotoVerdicts() {
  const { t } = useTranslation();
  const { t: live } = useTranslation(LIVE_NAMESPACE);
  const { game, snapshot, event } = usePlay();
  const eventState = useTeamEventState(event);
  const inEvent = Boolean(eventState?.view);
  const secret = snapshot.secret ?? '';
  const [read, setRead] = useState(() => readVerdictsRead(game._id, secret));
  const [retaking, setRetaking] = useState<string | null>(null);
  const progress = snapshot.progress;
  const playing = Boolean(progress?.startTime && !progress.endTime && !eventState?.view?.endedAt);
  const verdicts: Verdict[] = (secret ? (progress?.questions ?? []) : []).flatMap((question, index) => {
    const photo = question.photo;
    const asked = game.questions?.[index];
    if (!photo || photo.status === 'pending' || !asked) return [];
    // Outside events a photo 'accepted on upload' was never judged by anyone: no news.
    if (!inEvent && asked.answer.kind === 'photo' && asked.answer.judging === 'on-upload') return [];
    const key = verdictKey(asked.id, photo);
    return read.has(key) ? [] : [{ key, index, questionId: asked.id, photo }];
  });
  // Each verdict is said once by the app's live region, as it comes (the notices are no live region of their own).
  useAnnounceNew(
    verdicts.map(({ key, index, photo }) => ({
      key: `verdict:${key}`,
      text: [live(photo.status === 'accepted' ? 'player.photo.notice.accepted' : 'player.photo.notice.rejected', { n: index + 1 }), photo.comment ?? ''].join('. '),
    })),
    { sayFirst: true },
  );
  if (!progress || !secret) return null;
  const markRead = (key: string) => {
    const next = new Set(read).add(key);
    keepVerdictsRead(game._id, secret, next);
    setRead(next);
  };
  const retakenIndex = retaking === null ? -1 : (game.questions?.findIndex((question) => question.id === retaking) ?? -1);
  const retakenPhoto = retakenIndex === -1 ? undefined : progress.questions[retakenIndex]?.photo;

  return (
    <>
      {verdicts.length > 0 && (
        <Stack gap="sm" mb="md" data-testid="photo-verdicts">
          {verdicts.map(({ key, index, questionId, photo }) => {
            const accepted = photo.status === 'accepted';
            return (
              <Alert
                key={key}
                color={accepted ? 'green' : 'red'}
                variant="light"
                icon={accepted ? <IconPhotoCheck aria-hidden /> : <IconPhotoX aria-hidden />}
                title={live(accepted ? 'player.photo.notice.accepted' : 'player.photo.notice.rejected', { n: index + 1 })}
                role="region"
                aria-label={live(accepted ? 'player.photo.notice.accepted' : 'player.photo.notice.rejected', { n: index + 1 })}
                data-testid="verdict-notice"
                data-status={photo.status}
                data-question={index + 1}
                styles={{ root: { border: `2px solid var(--mantine-color-${accepted ? 'green' : 'red'}-6)` }, message: { color: 'var(--mantine-color-text)' } }}
              >
                <Stack gap="xs" align="flex-start">
                  {accepted && (
                    <Badge color="green" data-testid="verdict-notice-points">
                      {t('player.photo.points', { count: photoPoints(photo) })}
                    </Badge>
                  )}
                  {photo.comment && (
                    <Text size="sm" data-testid="verdict-notice-comment">
                      {t('player.photo.comment')}{' '}
                      <Text component="span" dir="auto" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {photo.comment}
                      </Text>
                    </Text>
                  )}
                  {!accepted && playing && <Text size="sm">{live('player.photo.notice.mayRetake')}</Text>}
                  <Group gap="xs">
                    {!accepted && playing && (
                      <Button size="sm" color="red.8" onClick={() => setRetaking(questionId)} data-testid="verdict-notice-retake">
                        {live('player.photo.retake')}
                      </Button>
                    )}
                    <Button size="sm" variant={accepted ? 'filled' : 'light'} color={accepted ? 'green.8' : 'red.8'} onClick={() => markRead(key)} data-testid="verdict-notice-read">
                      {live('player.photo.notice.read')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={retaking !== null && retakenIndex !== -1}
        onClose={() => setRetaking(null)}
        title={live('player.photo.notice.retakeTitle', { n: retakenIndex + 1 })}
        closeButtonProps={{ 'aria-label': t('player.common.close') }}
      >
        {retaking !== null && (
          <Suspense fallback={<Loader size="sm" aria-hidden />}>
            <PhotoStep
              gameId={game._id}
              secretCode={secret}
              {...(snapshot.grant && { grant: snapshot.grant })}
              questionId={retaking}
              {...(retakenPhoto && { photo: retakenPhoto })}
              inEvent={inEvent}
              offline={snapshot.offline}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
