import { Badge, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { rankTeams, type EventTeam, type RankedTeam } from '@streethunt/shared';
import { PagedTable } from '../../ui/paged-table/paged-table.tsx';
import { useClientPaging } from '../../ui/paged-table/use-client-paging.ts';
import { RoomSection } from './room-section.tsx';

/**
 * The ranking as the teams' phones show it (the shared rule): named teams, by score, then who finished
 * first; a page at a time, the leaders first (an event may have a thousand teams).
 */
export function Leaderboard({ teams, shownToTeams }: { teams: readonly EventTeam[]; shownToTeams: boolean }) {
  const { t } = useTranslation('studio');
  const ranked = rankTeams(teams);
  const { records, paging } = useClientPaging(ranked);
  const columns: DataTableColumn<RankedTeam>[] = [
    { accessor: 'rank', title: t('events.leaderboard.rank'), width: '1%', render: (row) => <Text span fw={700} size="sm">{row.rank}</Text> },
    {
      accessor: 'name',
      title: t('events.leaderboard.team'),
      render: (row) => (
        <>
          <bdi dir="auto">{row.name}</bdi>
          {row.finished && <IconFlag size={16} role="img" aria-label={t('events.leaderboard.finished')} style={{ marginInlineStart: 6, verticalAlign: 'middle' }} />}
        </>
      ),
    },
    { accessor: 'score', title: t('events.leaderboard.score'), render: (row) => <Text span fw={600} size="sm">{row.score}</Text> },
  ];
  return (
    <RoomSection
      title={t('events.leaderboard.title')}
      testId="leaderboard"
      aside={
        <Badge variant="light" color="gray" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
          {t(shownToTeams ? 'events.leaderboard.shown' : 'events.leaderboard.hidden')}
        </Badge>
      }
    >
      {ranked.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="leaderboard-empty">
          {t('events.leaderboard.empty')}
        </Text>
      ) : (
        <PagedTable<RankedTeam>
          label={t('events.leaderboard.label')}
          records={records}
          paging={paging}
          columns={columns}
          idAccessor="teamId"
          highlightOnHover={false}
          rowAttributes={() => ({ 'data-testid': 'leaderboard-row' })}
        />
      )}
    </RoomSection>
  );
}
