import { useEffect } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamView } from '@streethunt/shared';
import { useTeamEventState } from '../use-team-event-state.ts';
import type { FollowedEvent } from './team-event-store.ts';
import { LeaderboardTable } from './leaderboard-table.tsx';

/**
 * The ranking at the end: the team's own place and score, then every team. Until the event ends it is
 * the ranking so far (when the event shows one), and says the final one follows.
 */
export function FinalRanking({ view, changed = false }: { view: TeamView; changed?: boolean }) {
  const { t } = useTranslation();
  const { t: live } = useTranslation('live');
  // A team whose own time is up waits, as the others play on, for the event's final ranking.
  const ended = Boolean(view.endedAt) && !view.timeUp;
  const rows = view.leaderboard;
  if (ended && !rows) return null;
  const own = rows?.find((row) => row.teamId === view.teamId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="event-ranking-title" data-testid="event-ranking">
      <Stack gap="sm">
        <Title order={2} size="h4" id="event-ranking-title">
          {t(ended || !rows ? 'player.event.ranking.final' : 'player.event.ranking.title')}
        </Title>
        {ended && changed && (
          <Alert color="orange" variant="light" role="status" data-testid="event-ranking-changed">
            {live('player.event.ranking.changed')}
          </Alert>
        )}
        {rows && own && (
          <Text fw={700} data-testid="event-own-rank">
            {t('player.event.ranking.own', { name: own.name, rank: own.rank, count: view.rankedTeams ?? rows.length, score: own.score })}
          </Text>
        )}
        {view.disqualified && <Text>{t('player.event.disqualified')}</Text>}
        {rows && <LeaderboardTable rows={rows} teamId={view.teamId} />}
        {!ended && (
          <Text size="sm" c="dimmed">
            {t('player.event.ranking.later')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The ranking on the game-over page, following the event live (its end brings the final one), read afresh when it opens. */
export function EventRanking({ event }: { event: FollowedEvent }) {
  const state = useTeamEventState(event);
  useEffect(() => {
    void event.store.read();
  }, [event]);
  return state?.view ? <FinalRanking view={state.view} changed={state.rankingChanged} /> : null;
}
