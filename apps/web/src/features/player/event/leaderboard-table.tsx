import { Table } from '@mantine/core';
import { IconFlagCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RankedTeam } from '@streethunt/shared';

/** The event's ranking: place, team and score, the team's own row marked; names are plain text. */
export function LeaderboardTable({ rows, teamId, compact = false }: { rows: RankedTeam[]; teamId: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={compact ? 4 : 'xs'} fz={compact ? 'sm' : 'md'} data-testid="leaderboard">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="1%">{t('player.event.ranking.rank')}</Table.Th>
          <Table.Th>{t('player.event.ranking.team')}</Table.Th>
          <Table.Th w="1%" ta="end">
            {t('player.event.ranking.score')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const own = row.teamId === teamId;
          return (
            <Table.Tr
              key={row.teamId}
              aria-current={own ? 'true' : undefined}
              data-own={own || undefined}
              fw={own ? 700 : undefined}
              bg={own ? 'var(--mantine-color-yellow-light)' : undefined}
            >
              <Table.Td>{row.rank}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <bdi>{row.name}</bdi>
                {own && ` ${t('player.event.ranking.you')}`}
                {row.finished && (
                  <IconFlagCheck size={16} role="img" aria-label={t('player.event.ranking.finished')} style={{ marginInlineStart: 6, verticalAlign: 'middle' }} />
                )}
              </Table.Td>
              <Table.Td ta="end">{row.score}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
