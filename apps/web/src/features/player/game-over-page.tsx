import { useEffect } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../ui/rich-content.tsx';
import { FeedbackWidget } from './feedback/feedback-widget.tsx';
import { PlaySummary } from './play-summary.tsx';
import { usePlay } from './play-context.tsx';

/** Game over: the end time is set once, then congratulations, the summary, feedback and the creator's words. */
export function GameOverPage() {
  const { t } = useTranslation();
  const { game, session, snapshot } = usePlay();
  const progress = snapshot.progress;
  const ended = Boolean(progress?.endTime);

  useEffect(() => {
    if (!ended) session.change({ action: 'set-end-time' });
  }, [ended, session]);

  if (!progress) return null;
  return (
    <Stack gap="lg" data-testid="game-over">
      <Stack gap="xs" align="center">
        <IconTrophy size={56} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Title order={1} ta="center">
          {t('player.gameOver.title')}
        </Title>
        <Text ta="center">{t('player.gameOver.text')}</Text>
      </Stack>
      {!game.gameoverPage.hideGameSummary && <PlaySummary progress={progress} />}
      {snapshot.secret && <FeedbackWidget gameId={game._id} secretCode={snapshot.secret} />}
      <RichContent html={game.gameoverPage.content} />
    </Stack>
  );
}
