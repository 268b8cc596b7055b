import { useEffect } from 'react';
import { Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentQuestionIndex } from '@streethunt/shared';
import { AreaStep } from './area-step.tsx';
import { GameOverPage } from './game-over-page.tsx';
import { usePlay } from './play-context.tsx';
import { PlayTimer } from './play-timer.tsx';
import { PlayQuestion } from './play-question.tsx';

/** The current question (the first not DONE or SKIPPED), or the game-over page when none is left. */
export function QuestionsPage() {
  const { t } = useTranslation();
  const { game, gameRefreshing, snapshot, setPage } = usePlay();
  const progress = snapshot.progress;
  const questions = game.questions;
  const index = progress ? currentQuestionIndex(progress.questions) : -2;

  // A new question starts at the top of the page. (A block body: newer browsers return a promise
  // from scrollTo, which React would take for a clean-up function.)
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [index]);

  // A code kept from a purchase has no play until it is sent on the code screen.
  if (!questions || !progress || !progress.startTime) {
    if (gameRefreshing || (snapshot.secret && !progress && !snapshot.offline)) {
      return (
        <Center mih="40dvh">
          <Loader role="status" aria-label={t('player.common.loading')} />
        </Center>
      );
    }
    return (
      <Stack gap="md" data-testid="questions-unavailable">
        <Text>{t(snapshot.offline ? 'player.errors.offlineNoPlay' : 'player.questions.needCode')}</Text>
        <Button size="lg" onClick={() => setPage('payment')}>
          {t('player.questions.toCode')}
        </Button>
      </Stack>
    );
  }

  if (index === -1) return <GameOverPage />;

  const question = questions[index];
  const status = progress.questions[index]?.status ?? null;
  const total = questions.length;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} data-testid="question-progress">
            {t('player.questions.progress', { n: index + 1, total })}
          </Text>
          <PlayTimer startTime={progress.startTime} endTime={progress.endTime} />
        </Group>
        <Progress value={(index / total) * 100} size="sm" aria-hidden />
      </Stack>
      {!question ? (
        <Text>{t('player.errors.generic')}</Text>
      ) : game.metadata.map && status === null ? (
        <AreaStep key={`area-${index}`} index={index} />
      ) : (
        <PlayQuestion key={`question-${index}`} index={index} question={question} status={status} />
      )}
    </Stack>
  );
}
