import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RankedTeam } from '@streethunt/shared';
import { LeaderboardTable } from './leaderboard-table.tsx';

/** While playing, the ranking so far (when the event shows it to the teams), one tap away. */
export function RankingButton({ rows, teamId }: { rows: RankedTeam[]; teamId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" size="sm" leftSection={<IconListNumbers size={18} aria-hidden />} onClick={() => setOpened(true)} data-testid="event-ranking-open">
        {t('player.event.ranking.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('player.event.ranking.title')} closeButtonProps={{ 'aria-label': t('player.common.close') }}>
        <LeaderboardTable rows={rows} teamId={teamId} compact />
      </Modal>
    </>
  );
}
