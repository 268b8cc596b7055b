import { useState } from 'react';
import { Alert, Anchor, Box, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useLogOutOnUnauthorized, useRequireLogin } from '../../api/use-require-login.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { editorApi } from './api.ts';
import { toServerCopy } from './editable-game.ts';
import { notify } from '../../ui/studio/notify.ts';
import { EditorScreen } from './editor-screen.tsx';
import classes from './editor-page.module.css';

/** `/game-editor/:gameId`: the game editor, for the game's owner or an admin (login required). */
export function Component() {
  const { gameId } = useParams();
  if (!gameId) return null;
  return <EditorPage key={gameId} gameId={gameId} />;
}

function EditorPage({ gameId }: { gameId: string }) {
  const { t } = useTranslation('studio');
  const session = useRequireLogin(`/game-editor/${gameId}`);
  // Bumped by 'reload the latest': the editor starts over from the stored game.
  const [generation, setGeneration] = useState(0);
  const game = useQuery({
    queryKey: ['editor', 'game', gameId],
    queryFn: ({ signal }) => editorApi.game(gameId, signal),
    enabled: session.status === 'in',
    // The editor reads the game once when it opens; later changes come from its own saves.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  useLogOutOnUnauthorized(game.error);
  usePageTitle(game.data?.metadata.name.trim() || t('translation:pages.gameEditor'));

  const reload = () => {
    void game.refetch().then((result) => {
      if (result.isSuccess) setGeneration((n) => n + 1);
      // The copy on screen stays as it is, to try again.
      else notify(t, 'red', t('studio.loadFailed'));
    });
  };

  let body;
  if (session.status !== 'in' || game.isPending) {
    body = <PageLoader label={t('studio.loading')} />;
  } else if (!game.data) {
    const missing = game.error instanceof ApiError && (game.error.status === 404 || game.error.status === 403);
    body = (
      <Stack gap="sm" maw={560}>
        <Alert color="red">{t(missing ? 'editor.load.notFound' : 'studio.loadFailed')}</Alert>
        {missing ? (
          <Anchor component={Link} to="/my-games">
            {t('editor.load.toMyGames')}
          </Anchor>
        ) : (
          <Button variant="light" onClick={() => void game.refetch()} style={{ alignSelf: 'flex-start' }}>
            {t('studio.retry')}
          </Button>
        )}
      </Stack>
    );
  } else if (!game.data.questions) {
    // The public part only: the caller is neither the owner nor an admin.
    body = (
      <Stack gap="sm" maw={560}>
        <Alert color="red">{t('editor.load.notYours')}</Alert>
        <Anchor component={Link} to="/my-games">
          {t('editor.load.toMyGames')}
        </Anchor>
      </Stack>
    );
  } else {
    body = <EditorScreen key={generation} gameId={gameId} initial={toServerCopy(game.data)} isAdmin={session.isAdmin} onReload={reload} />;
  }

  return (
    <Box className={classes.page} data-testid="editor-page">
      {body}
    </Box>
  );
}
