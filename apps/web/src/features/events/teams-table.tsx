import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { EventTeam } from '@streethunt/shared';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { formatDateTime } from '../../ui/studio/format-time.ts';
import { downloadCsv } from '../../ui/studio/csv.ts';
import { DisqualifyButton } from './disqualify-button.tsx';
import { PushHintButton } from './push-hint-button.tsx';
import { formatAge } from './position-age.ts';
import { resultsCsv, resultsFileName } from './results-csv.ts';
import { RoomSection } from './room-section.tsx';

type Props = {
  eventId: string;
  eventName: string;
  teams: readonly EventTeam[];
  /** How many hints each question has (what may be pushed to a team). */
  hintCounts: readonly number[];
  questionIds?: readonly string[] | undefined;
  now: number;
  /** Whether the organiser may still disqualify a team (not after the end). */
  running: boolean;
  onTeam(team: EventTeam): void;
  onUnauthorized(error: unknown): void;
};

/**
 * Every team of the event, with its progress as it comes in, a page at a time (an event may have a
 * thousand teams); `now` ages the positions. The results download as CSV, every team.
 */
export function TeamsTable({ eventId, eventName, teams, hintCounts, questionIds, now, running, onTeam, onUnauthorized }: Props) {
  const { t, i18n } = useTranslation('studio');
  const language = i18n.language;
  const { records, paging } = useClientPaging(teams);

  const stateOf = (team: EventTeam) => {
    if (team.disqualified) return t('events.teams.disqualified');
    if (team.endTime) return t('events.teams.finished', { time: formatDateTime(team.endTime, language) });
    if (team.startTime) return t('events.teams.playing', { time: formatDateTime(team.startTime, language) });
    return t('events.teams.notStarted');
  };

  const columns: DataTableColumn<EventTeam>[] = [
    {
      accessor: 'name',
      title: t('events.teams.name'),
      render: (team) =>
        team.name === null ? (
          <Text size="sm" fs="italic" c="dimmed">
            {t('events.team.unnamed')}
          </Text>
        ) : (
          <Text span size="sm" fw={600}>
            <bdi dir="auto">{team.name}</bdi>
          </Text>
        ),
    },
    {
      accessor: 'code',
      title: t('events.teams.code'),
      noWrap: true,
      render: (team) => (
        <Text span size="sm" ff="monospace" dir="ltr">
          {team.code}
        </Text>
      ),
    },
    {
      accessor: 'answered',
      title: t('events.teams.answered'),
      noWrap: true,
      render: (team) => t('events.teams.answeredOf', { answered: team.answered, total: team.questionCount }),
    },
    { accessor: 'hints', title: t('events.teams.hints') },
    { accessor: 'score', title: t('events.teams.score') },
    { accessor: 'state', title: t('events.teams.state'), render: (team) => <span data-testid="team-state">{stateOf(team)}</span> },
    {
      accessor: 'position',
      title: t('events.teams.position'),
      noWrap: true,
      render: (team) => (team.position ? <time dateTime={team.position.at}>{formatAge(team.position.at, now, language)}</time> : t('events.teams.noPosition')),
    },
    ...(running
      ? [
          {
            accessor: 'actions',
            title: t('events.teams.actions'),
            render: (team: EventTeam) =>
              team.disqualified ? null : (
                <Group gap={4} wrap="nowrap">
                  {team.startTime && !team.endTime && (
                    <PushHintButton eventId={eventId} team={team} hintCounts={hintCounts} questionIds={questionIds} onPushed={onTeam} onUnauthorized={onUnauthorized} />
                  )}
                  <DisqualifyButton eventId={eventId} team={team} onDisqualified={onTeam} onUnauthorized={onUnauthorized} />
                </Group>
              ),
          },
        ]
      : []),
  ];
  const download = (
    <Button size="xs" variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => downloadCsv(resultsFileName(eventName), resultsCsv(t, teams))}>
      {t('events.results.download')}
    </Button>
  );

  return (
    <RoomSection title={t('events.teams.title')} testId="teams" aside={download}>
      <PagedTable<EventTeam> label={t('events.teams.label')} records={records} paging={paging} columns={columns} idAccessor="id" emptyMinHeight={80} />
    </RoomSection>
  );
}
