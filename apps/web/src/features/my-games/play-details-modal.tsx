import type { ReactNode } from 'react';
import { Anchor, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { ActivePlay } from '@streethunt/shared';
import { formatDateTime, formatDuration } from '../../ui/studio/format-time.ts';
import { playCounts } from './play-counts.ts';
import { QuestionStatusBadge } from './question-status-badge.tsx';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';

type QuestionRow = ActivePlay['questions'][number] & { number: number };

/** One fact of a play: a label over its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/** Everything about one play: its times, score, buyer, and each question's state and hints. */
export function PlayDetailsModal({ play, onClose }: { play: ActivePlay | null; onClose(): void }) {
  const { t, i18n } = useTranslation('studio');
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time> : null);
  const counts = play ? playCounts(play) : null;
  const duration = play ? formatDuration(play.startTime, play.endTime) : null;

  return (
    <Modal
      opened={play !== null}
      onClose={onClose}
      title={t('myActiveGames.details.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('studio.close') }}
    >
      {play && counts && (
        <Stack gap="md" data-testid="play-details">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
            <Fact label={t('myActiveGames.table.code')}>
              <span dir="ltr">{play.game_secret}</span>
            </Fact>
            <Fact label={t('myActiveGames.details.source')}>{t(`myActiveGames.source.${play.source}`)}</Fact>
            <Fact label={t('myActiveGames.table.score')}>{play.score}</Fact>
            <Fact label={t('myActiveGames.table.started')}>{when(play.startTime)}</Fact>
            <Fact label={t('myActiveGames.table.ended')}>{when(play.endTime)}</Fact>
            <Fact label={t('myActiveGames.table.lastUpdate')}>{when(play.lastUpdate)}</Fact>
            <Fact label={t('myActiveGames.details.duration')}>{duration && <span dir="ltr">{duration}</span>}</Fact>
            <Fact label={t('myActiveGames.table.answered')}>{t('myActiveGames.details.ofQuestions', { done: counts.answered, total: play.questions.length })}</Fact>
            <Fact label={t('myActiveGames.table.hints')}>{counts.hintsOpened}</Fact>
          </SimpleGrid>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t('myActiveGames.details.buyer')}
            </Title>
            {play.payment ? (
              <Text size="sm" component="div">
                <bdi dir="auto">{play.payment.name}</bdi>
                {' · '}
                <Anchor href={`mailto:${play.payment.email}`} dir="ltr">
                  {play.payment.email}
                </Anchor>
                {' · '}
                <Anchor href={`tel:${play.payment.phone}`} dir="ltr">
                  {play.payment.phone}
                </Anchor>
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('myActiveGames.details.noBuyer')}
              </Text>
            )}
          </Stack>
          <Title order={3} size="h5">
            {t('myActiveGames.details.questions')}
          </Title>
          <DataTable<QuestionRow>
            aria-label={t('myActiveGames.details.questions')}
            idAccessor="number"
            records={play.questions.map((question, index) => ({ ...question, number: index + 1 }))}
            columns={[
              { accessor: 'number', title: t('myActiveGames.stats.question') },
              { accessor: 'status', title: t('myActiveGames.details.state'), render: (question) => <QuestionStatusBadge status={question.status} /> },
              {
                accessor: 'hints',
                title: t('myActiveGames.details.hintsOpened'),
                render: (question) =>
                  t('myActiveGames.details.hintsOf', { opened: question.hints.filter((hint) => hint.isOpen).length, total: question.hints.length }),
              },
            ]}
            withTableBorder
            borderRadius="md"
            scrollAreaProps={KEYBOARD_SCROLL_AREA}
            minHeight={play.questions.length === 0 ? 120 : undefined}
            noRecordsText={t('myActiveGames.details.noQuestions')}
          />
        </Stack>
      )}
    </Modal>
  );
}
