import { Badge, Table, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { rankTeams, type EventTeam } from '@streethunt/shared';
import { KEYBOARD_SCROLL_AREA } from '../../ui/studio/table-scroll.ts';
import { LIST_MAX_HEIGHT, RoomSection } from './room-section.tsx';

/** The ranking as the teams' phones show it (the shared rule): named teams, by score, then who finished first. */
export function Leaderboard({ teams, shownToTeams }: { teams: readonly EventTeam[]; shownToTeams: boolean }) {
  const { t } = useTranslation('studio');
  const ranked = rankTeams(teams);
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
        <Table.ScrollContainer minWidth={0} maxHeight={LIST_MAX_HEIGHT} scrollAreaProps={KEYBOARD_SCROLL_AREA}>
          <Table striped aria-label={t('events.leaderboard.label')} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="1%">
                  {t('events.leaderboard.rank')}
                </Table.Th>
                <Table.Th scope="col">{t('events.leaderboard.team')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('events.leaderboard.score')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranked.map((row) => (
                <Table.Tr key={row.teamId} data-testid="leaderboard-row">
                  <Table.Td fw={700}>{row.rank}</Table.Td>
                  <Table.Td>
                    <bdi dir="auto">{row.name}</bdi>
                    {row.finished && (
                      <IconFlag size={16} role="img" aria-label={t('events.leaderboard.finished')} style={{ marginInlineStart: 6, verticalAlign: 'middle' }} />
                    )}
                  </Table.Td>
                  <Table.Td ta="end" fw={600}>
                    {row.score}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </RoomSection>
  );
}
