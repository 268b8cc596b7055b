import type { ReactNode } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapSearch, IconTrophy, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GameReply, Progress } from '@streethunt/shared';
import { RichContent } from '../rich-content.tsx';
import { PlaySummary } from './play-summary.tsx';

/** A button whose label wraps onto a second line on a narrow phone rather than being cut off. */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'var(--mantine-spacing-xs)' },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

export type GameOverViewProps = {
  game: Pick<GameReply, 'userId' | 'gameoverPage' | 'metadata'>;
  progress: Progress;
  /** After the summary: a live event's ranking. */
  ranking?: ReactNode;
  /** Between the creator's closing words and the way on: the player's feedback widget. */
  feedback?: ReactNode;
};

/**
 * Game over as a player sees it: congratulations, the summary (unless the game hides it), a live
 * event's ranking, the creator's closing words, the feedback, and a way on: all games, or this creator's.
 */
export function GameOverView({ game, progress, ranking, feedback }: GameOverViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="game-over">
      <Stack gap="xs" align="center">
        <IconTrophy size={56} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Title order={1} size="h2" ta="center">
          {t('player.gameOver.title')}
        </Title>
        <Text ta="center">{t('player.gameOver.text')}</Text>
      </Stack>
      {!game.gameoverPage.hideGameSummary && <PlaySummary progress={progress} scoring={game.metadata.scoring} />}
      {ranking}
      {/* The spec's order: congratulations, summary, feedback, then the creator's own content. */}
      {feedback}
      <RichContent html={game.gameoverPage.content} />
      <Stack gap="sm" component="nav" aria-labelledby="game-over-next" data-testid="game-over-next">
        <Title order={2} size="h4" id="game-over-next">
          {t('player.gameOver.nextTitle')}
        </Title>
        {[
          { to: '/games', label: t('player.gameOver.allGames'), icon: IconMapSearch, variant: 'light', testId: 'game-over-all-games' },
          { to: `/games?user=${encodeURIComponent(game.userId)}`, label: t('player.gameOver.creatorGames'), icon: IconUser, variant: 'default', testId: 'game-over-creator-games' },
        ].map(({ to, label, icon: Icon, variant, testId }) => (
          <Button key={testId} component={Link} to={to} variant={variant} size="md" styles={WRAPPING_BUTTON} leftSection={<Icon size={20} aria-hidden />} data-testid={testId}>
            {label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
