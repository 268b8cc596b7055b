import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyGame } from '@streethunt/shared';
import { myGamesApi, myGamesKeys } from './api.ts';
import { downloadJson, downloadMap, exportFileName } from './download-file.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { notify } from '../../ui/studio/notify.ts';

export type GameAction = 'code' | 'duplicate' | 'export';

/** The name a creator knows the game by; an unnamed draft is still a game. */
export function useGameName() {
  const { t } = useTranslation('studio');
  return (game: MyGame) => game.metadata.name.trim() || t('studio.untitled');
}

/**
 * The row actions of /my-games that call the server: create a code (shown in a dialog), duplicate as a
 * new draft (the list refreshes and says so), export to a file, or its map as GPX or KML. `failure` says which one failed and why.
 */
export function useGameActions(onUnauthorized: (error: unknown) => void) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const nameOf = useGameName();
  const [shownCode, setShownCode] = useState<{ game: MyGame; code: string } | null>(null);
  /** Codes created on this visit, per game (the game-code column shows them when it is on). */
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (action: GameAction, game: MyGame) => (error: unknown) => {
    onUnauthorized(error);
    setFailure(t(`myGames.actions.failed.${action}`, { name: nameOf(game), reason: errorText(error, t) }));
  };

  const createCode = useMutation({
    mutationFn: (game: MyGame) => myGamesApi.secretCode(game._id),
    onMutate: () => setFailure(null),
    onSuccess: (code, game) => {
      setShownCode({ game, code });
      setCodes((known) => ({ ...known, [game._id]: code }));
    },
    onError: (error, game) => fail('code', game)(error),
  });

  const duplicate = useMutation({
    mutationFn: (game: MyGame) => myGamesApi.duplicate(game._id),
    onMutate: () => setFailure(null),
    onSuccess: async (_newId, game) => {
      await queryClient.invalidateQueries({ queryKey: myGamesKeys.list });
      notify(t, 'teal', t('myGames.duplicate.done', { name: nameOf(game) }));
    },
    onError: (error, game) => fail('duplicate', game)(error),
  });

  const exportGame = useMutation({
    mutationFn: (game: MyGame) => myGamesApi.exportGame(game._id),
    onMutate: () => setFailure(null),
    onSuccess: (file, game) => downloadJson(exportFileName(game.metadata.name, game._id), file),
    onError: (error, game) => fail('export', game)(error),
  });

  const exportMap = useMutation({
    mutationFn: async ({ game, format }: { game: MyGame; format: 'gpx' | 'kml' }) => ({ text: await myGamesApi.exportMap(game._id, format), format }),
    onMutate: () => setFailure(null),
    onSuccess: ({ text, format }, { game }) => downloadMap(game.metadata.name, game._id, format, text),
    onError: (error, { game }) => fail('export', game)(error),
  });

  return { createCode, duplicate, exportGame, exportMap, shownCode, closeCode: () => setShownCode(null), codes, failure };
}
