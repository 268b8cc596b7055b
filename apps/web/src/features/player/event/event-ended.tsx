import { Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TeamView } from '@streethunt/shared';
import { PlaySummary } from '../../../ui/game/play-summary.tsx';
import { usePlay } from '../play-context.tsx';
import { FinalRanking } from './final-ranking.tsx';

/**
 * The event ended (or the team's own time was up) before the team finished: no more questions, the team's own summary up to the end
 * (no end time is set for it: it did not finish) and the final ranking.
 */
export function EventEnded({ view, rankingChanged = false }: { view: TeamView; rankingChanged?: boolean }) {
  const { t } = useTranslation();
  const { game, snapshot } = usePlay();
  const progress = snapshot.progress;
  return (
    <Stack gap="lg" data-testid="event-ended">
      <Stack gap="xs" align="center">
        <IconFlag size={48} color="var(--mantine-color-blue-6)" aria-hidden />
        <Title order={1} size="h2" ta="center">
          {t(view.timeUp ? 'player.event.timeUp.title' : 'player.event.ended.title')}
        </Title>
        <Text ta="center">{t(view.timeUp ? 'player.event.timeUp.text' : 'player.event.ended.text')}</Text>
      </Stack>
      {/* A team that never started has nothing to sum up. */}
      {progress?.startTime && !game.gameoverPage.hideGameSummary && (
        <PlaySummary progress={{ ...progress, endTime: progress.endTime ?? view.endedAt }} scoring={game.metadata.scoring} />
      )}
      <FinalRanking view={view} changed={rankingChanged} />
    </Stack>
  );
}
