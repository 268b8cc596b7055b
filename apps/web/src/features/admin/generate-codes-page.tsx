import { useCallback, useState } from 'react';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CodeBatch } from '@streethunt/shared';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { isUnauthorized } from '../../ui/studio/errors.ts';
import { LoadError, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { AdminPage, NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import type { AdminFailure } from './admin-failure.ts';
import { adminApi, adminKeys } from './api.ts';
import { CodeBatchesList } from './code-batches-list.tsx';
import { useCodeGameNames } from './code-game-names.ts';
import { GenerateCodesForm } from './generate-codes-form.tsx';
import { GeneratedCodes, type ShownCodes } from './generated-codes.tsx';

/** Everything below the title; rendered (so fetching) only for an admin. */
function GenerateCodes() {
  const { t } = useTranslation('studio');
  const { endOnUnauthorized } = useCreatorSession();
  const names = useCodeGameNames();
  /** An action answered 403 (a read's 403 is read from its error). */
  const [actionForbidden, setActionForbidden] = useState(false);
  const [gameId, setGameId] = useState<string | null>(null);
  /** The codes in the result table: the batch just made, or an earlier one opened from the list. */
  const [shown, setShown] = useState<ShownCodes | null>(null);

  const games = useQuery({ queryKey: adminKeys.games('all'), queryFn: ({ signal }) => adminApi.games('all', signal) });
  useLogOutOnUnauthorized(games.error);
  const onFailure = useCallback<AdminFailure>(
    (error) => {
      endOnUnauthorized(error);
      if (isForbidden(error)) setActionForbidden(true);
      return isUnauthorized(error) || isForbidden(error);
    },
    [endOnUnauthorized],
  );

  if (actionForbidden || isForbidden(games.error)) return <NotAllowed />;
  if (games.isError) return <LoadError title={t('adminCodes.loadFailed')} error={games.error} onRetry={() => void games.refetch()} retrying={games.isFetching} />;

  const game = games.data?.find((candidate) => candidate._id === gameId) ?? null;
  const gameName = game ? names.nameOf(game) : '';
  const pickGame = (id: string | null) => {
    setGameId(id);
    setShown(null);
  };
  const openBatch = (batch: CodeBatch) => game && setShown({ gameId: game._id, gameName, codes: batch.codes, batchDate: batch.createdAt });

  return (
    <Stack gap="xl">
      <GenerateCodesForm
        games={games.data}
        game={game}
        onGameChange={pickGame}
        onGenerated={(codes) => game && setShown({ gameId: game._id, gameName, codes, batchDate: null })}
        onFailure={onFailure}
      />
      {/* A fresh component per result, so 'copied' from the last one does not linger. */}
      {shown && <GeneratedCodes key={`${shown.batchDate ?? 'new'}:${shown.codes[0] ?? ''}:${shown.codes.length}`} shown={shown} />}
      {game && <CodeBatchesList gameId={game._id} onOpen={openBatch} />}
    </Stack>
  );
}

/** `/admin-generate-codes`: the admin makes a batch of secret codes for a game (spec sections 2 and 5). */
function GenerateCodesPage() {
  const { t } = useTranslation('studio');
  return (
    <AdminPage title={t('adminCodes.title')} testId="generate-codes-page">
      <GenerateCodes />
    </AdminPage>
  );
}

export { GenerateCodesPage as Component };
