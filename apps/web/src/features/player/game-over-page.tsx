import { useEffect } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapSearch, IconTrophy, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichContent } from '../../ui/rich-content.tsx';
import { FeedbackWidget } from './feedback/feedback-widget.tsx';
import { PlaySummary } from './play-summary.tsx';
import { usePlay } from './play-context.tsx';

/** A button whose label wraps onto a second line on a narrow phone rather than being cut off. */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'var(--mantine-spacing-xs)' },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

/**
 * Game over: the end time is set once, then congratulations, the summary, the creator's closing words,
 * the feedback, and a way on: all games, or this creator's.
 */
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
        <Title order={1} size="h2" ta="center">
          {t('player.gameOver.title')}
        </Title>
        <Text ta="center">{t('player.gameOver.text')}</Text>
      </Stack>
      {!game.gameoverPage.hideGameSummary && <PlaySummary progress={progress} />}
      <RichContent html={game.gameoverPage.content} />
      {snapshot.secret && <FeedbackWidget gameId={game._id} secretCode={snapshot.secret} grant={snapshot.grant} />}
      <Stack gap="sm" component="nav" aria-labelledby="game-over-next" data-testid="game-over-next">
        <Title order={2} size="h4" id="game-over-next">
          {t('player.gameOver.nextTitle')}
        </Title>
        <Button
          component={Link}
          to="/games"
          variant="light"
          size="md"
          styles={WRAPPING_BUTTON}
          leftSection={<IconMapSearch size={20} aria-hidden />}
          data-testid="game-over-all-games"
        >
          {t('player.gameOver.allGames')}
        </Button>
        <Button
          component={Link}
          to={`/games?user=${encodeURIComponent(game.userId)}`}
          variant="default"
          size="md"
          styles={WRAPPING_BUTTON}
          leftSection={<IconUser size={20} aria-hidden />}
          data-testid="game-over-creator-games"
        >
          {t('player.gameOver.creatorGames')}
        </Button>
      </Stack>
    </Stack>
  );
}
