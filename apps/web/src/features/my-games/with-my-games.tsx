import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyGame } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { myGamesApi, myGamesKeys } from './api.ts';
import { LoadError, StudioLoader, useCreatorSession } from '../../ui/studio/studio-page.tsx';

/**
 * The reports' first step: the creator's games, with their loading, error and 'no games yet'
 * states; `children` gets them once there is at least one to pick.
 */
export function WithMyGames({ children }: { children: (games: readonly MyGame[]) => ReactNode }) {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const games = useQuery({ queryKey: myGamesKeys.list, queryFn: ({ signal }) => myGamesApi.list(signal), enabled: session.status === 'in' });
  useLogOutOnUnauthorized(games.error);
  if (session.status !== 'in' || games.isPending) return <StudioLoader label={t('myGames.loading')} />;
  if (games.isError) return <LoadError title={t('myGames.loadFailed')} error={games.error} onRetry={() => void games.refetch()} retrying={games.isFetching} />;
  if (games.data.length === 0) {
    return (
      <Stack gap="xs" align="flex-start" data-testid="no-games">
        <Text>{t('myGames.picker.noGames')}</Text>
        <Anchor component={Link} to="/game-editor-new-game">
          {t('myGames.create')}
        </Anchor>
      </Stack>
    );
  }
  return children(games.data);
}
