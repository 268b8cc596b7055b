import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RankedTeam } from '@streethunt/shared';
import { LeaderboardTable } from './leaderboard-table.tsx';

/** While playing, the ranking so far (when the event shows it to the teams), one tap away, live. */
export function RankingButton({ rows, teamId, onOpen }: { rows: RankedTeam[]; teamId: string; onOpen(): void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconListNumbers size={18} aria-hidden />}
        onClick={() => {
          setOpened(true);
          // The pushed ranking is at most a few seconds old; opening it reads the newest too.
          onOpen();
        }}
        data-testid="event-ranking-open"
      >
        {t('player.event.ranking.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('player.event.ranking.title')} closeButtonProps={{ 'aria-label': t('player.common.close') }}>
        <LeaderboardTable rows={rows} teamId={teamId} compact />
      </Modal>
    </>
  );
}
