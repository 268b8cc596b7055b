import { useRef } from 'react';
import { Button, FileButton } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myGamesApi, myGamesKeys } from './api.ts';
import { errorText } from '../../ui/studio/errors.ts';

/** The chosen file is not JSON at all; anything else about it is the server's to judge. */
class NotJsonError extends Error {}

async function readJson(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new NotJsonError(file.name);
  }
}

/**
 * Importing an export file as a new draft (issue 8, item 9): the file's JSON is posted as it is, the
 * new draft opens in the editor. `error` is what to tell the creator when it fails.
 */
export function useImportGame(onUnauthorized: (error: unknown) => void) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (file: File) => myGamesApi.importGame(await readJson(file)),
    onSuccess: async (gameId) => {
      await queryClient.invalidateQueries({ queryKey: myGamesKeys.list });
      navigate(`/game-editor/${encodeURIComponent(gameId)}`);
    },
    onError: onUnauthorized,
  });
  const error = !mutation.isError
    ? null
    : mutation.error instanceof NotJsonError
      ? t('myGames.import.notJson', { file: mutation.error.message })
      : t('myGames.import.failed', { reason: errorText(mutation.error, t) });
  return { mutation, error };
}

/** Picks a .json export file and imports it. */
export function ImportGameButton({ mutation }: { mutation: ReturnType<typeof useImportGame>['mutation'] }) {
  const { t } = useTranslation('studio');
  const resetRef = useRef<() => void>(null);
  const pick = (file: File | null) => {
    // Cleared, so choosing the same file again (after fixing it) fires again.
    resetRef.current?.();
    if (file) mutation.mutate(file);
  };
  return (
    <FileButton onChange={pick} accept="application/json,.json" resetRef={resetRef}>
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconFileImport size={18} aria-hidden />} loading={mutation.isPending}>
          {t('myGames.import.button')}
        </Button>
      )}
    </FileButton>
  );
}
