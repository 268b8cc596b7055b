import '../../ui/studio/data-table-styles.ts';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { myGamesApi, myGamesKeys } from './api.ts';
import { ImportGameButton, useImportGame } from './import-game.tsx';
import { MyGamesTable } from './my-games-table.tsx';
import { ActionError, LoadError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';

/** `/my-games`: the creator's games, with a way to make a new one or import one (spec section 2). */
function MyGamesPage() {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const games = useQuery({
    queryKey: myGamesKeys.list,
    queryFn: ({ signal }) => myGamesApi.list(signal),
    enabled: session.status === 'in',
  });
  useLogOutOnUnauthorized(games.error);
  const importGame = useImportGame(session.endOnUnauthorized);
  const empty = games.isSuccess && games.data.length === 0;

  const createButton = (
    <Button component={Link} to="/game-editor-new-game" leftSection={<IconPlus size={18} aria-hidden />}>
      {t('myGames.create')}
    </Button>
  );

  return (
    <StudioPage
      title={t('myGames.title')}
      testId="my-games-page"
      actions={
        <Group gap="sm">
          {!empty && createButton}
          <ImportGameButton importGame={importGame} />
        </Group>
      }
    >
      {importGame.error && !importGame.read && <ActionError>{importGame.error}</ActionError>}
      {session.status !== 'in' || games.isPending ? (
        <StudioLoader label={t('myGames.loading')} />
      ) : games.isError ? (
        <LoadError title={t('myGames.loadFailed')} error={games.error} onRetry={() => void games.refetch()} retrying={games.isFetching} />
      ) : empty ? (
        <Card withBorder padding="lg" data-testid="my-games-empty">
          <Stack gap="sm" align="flex-start">
            <Text size="lg" fw={600}>
              {t('myGames.empty.title')}
            </Text>
            <Text>{t('myGames.empty.text')}</Text>
            {createButton}
          </Stack>
        </Card>
      ) : (
        <MyGamesTable games={games.data} onUnauthorized={session.endOnUnauthorized} />
      )}
    </StudioPage>
  );
}

export { MyGamesPage as Component };
