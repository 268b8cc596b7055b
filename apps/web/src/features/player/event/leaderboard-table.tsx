import { Fragment } from 'react';
import { Table } from '@mantine/core';
import { IconFlagCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RANKING_TOP, type RankedTeam } from '@streethunt/shared';

/**
 * The event's ranking: place, team and score, the team's own row marked; names are plain text. The
 * phone gets the first rows and its own: a row of dots stands for the teams between.
 */
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
        {rows.map((row, i) => {
          const own = row.teamId === teamId;
          // The own row after the first ones, with teams ranked between them.
          const gap = i === RANKING_TOP && row.rank > RANKING_TOP + 1;
          return (
            <Fragment key={row.teamId}>
              {gap && (
                <Table.Tr data-testid="leaderboard-gap" aria-hidden>
                  <Table.Td colSpan={3} ta="center" c="dimmed">
                    ⋯
                  </Table.Td>
                </Table.Tr>
              )}
              <Table.Tr
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
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
