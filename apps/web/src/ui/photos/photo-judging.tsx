import { useState } from 'react';
import { Badge, Button, Card, Group, Image, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_COMMENT, MAX_PHOTO_POINTS, SCORE_PER_DONE_QUESTION, type PlayPhoto } from '@streethunt/shared';
import { photosApi } from '../../api/photos.ts';

type Props = {
  photos: readonly PlayPhoto[];
  /** The photo as the server has it after a verdict. */
  onJudged(photo: PlayPhoto): void;
  onUnauthorized(error: unknown): void;
};

/** Photos to judge: each with accept (and its points) or reject, and a short comment the team reads. */
export function PhotoJudging({ photos, onJudged, onUnauthorized }: Props) {
  const { t } = useTranslation('studio');
  if (photos.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="photos-empty">
        {t('photos.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="photos-retake-rule">
        {t('photos.retakeRule')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {photos.map((photo) => (
          <PhotoCard key={photo.id} photo={photo} onJudged={onJudged} onUnauthorized={onUnauthorized} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const STATUS_COLOR = { pending: 'blue', accepted: 'green', rejected: 'red' } as const;

function PhotoCard({ photo, onJudged, onUnauthorized }: { photo: PlayPhoto } & Omit<Props, 'photos'>) {
  const { t } = useTranslation('studio');
  const [points, setPoints] = useState<number | string>(photo.points ?? SCORE_PER_DONE_QUESTION);
  const [comment, setComment] = useState(photo.comment ?? '');
  const [sending, setSending] = useState<'accepted' | 'rejected' | null>(null);
  const [failed, setFailed] = useState(false);
  const who = photo.teamName ?? (photo.teamId ? t('photos.unnamedTeam') : t('photos.code', { code: photo.code }));

  const judge = async (status: 'accepted' | 'rejected') => {
    setSending(status);
    setFailed(false);
    try {
      const given = typeof points === 'number' ? points : Number(points);
      const body = { status, ...(status === 'accepted' && Number.isInteger(given) && { points: given }), ...(comment.trim() && { comment: comment.trim() }) };
      onJudged(await photosApi.judge(photo.id, body));
    } catch (error) {
      setFailed(true);
      onUnauthorized(error);
    } finally {
      setSending(null);
    }
  };

  return (
    <Card withBorder padding="sm" radius="md" data-testid="photo-card" data-status={photo.status} data-team={photo.teamName ?? ''}>
      <Card.Section>
        <Image src={photo.url} alt={t('photos.alt', { team: who, n: photo.questionNumber })} h={200} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} dir="auto" truncate>
            {who}
          </Text>
          <Badge color={STATUS_COLOR[photo.status]} data-testid="photo-status">
            {t(`photos.status.${photo.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" dir="auto" lineClamp={2}>
          {t('photos.question', { n: photo.questionNumber })} {photo.questionTitle}
        </Text>
        <NumberInput label={t('photos.points')} value={points} onChange={setPoints} min={0} max={MAX_PHOTO_POINTS} allowDecimal={false} size="sm" data-testid="photo-points" />
        <TextInput
          label={t('photos.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={MAX_PHOTO_COMMENT}
          size="sm"
          dir="auto"
          data-testid="photo-comment-input"
        />
        <Group grow gap="xs">
          <Button color="green" onClick={() => void judge('accepted')} loading={sending === 'accepted'} disabled={sending !== null} data-testid="photo-accept">
            {t('photos.accept')}
          </Button>
          <Button color="red" variant="light" onClick={() => void judge('rejected')} loading={sending === 'rejected'} disabled={sending !== null} data-testid="photo-reject">
            {t('photos.reject')}
          </Button>
        </Group>
        {failed && (
          <Text c="red" size="sm" role="alert">
            {t('photos.failed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
