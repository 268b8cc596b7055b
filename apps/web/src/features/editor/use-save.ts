import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutStaleTranslations, type EditableGame } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { useSession } from '../../api/session.tsx';
import { editorApi } from './api.ts';
import { toServerCopy } from './editable-game.ts';
import { withCompleteRules } from './flow-rules.ts';
import type { EditorStateAction } from './editor-state.ts';
import { notify } from '../../ui/studio/notify.ts';

/**
 * Save (POST /api/games/{id} with the version the copy started from). 'game saved' on success; a 409
 * (another tab or device saved first) opens the conflict question instead, and nothing is overwritten;
 * without a network the copy stays on the device, to save later.
 */
export function useSave(gameId: string, dispatch: Dispatch<EditorStateAction>) {
  const { t } = useTranslation('studio');
  const { logOut } = useSession();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);

  /** Saves `game` over `version`; whether it was stored. */
  const save = async (game: EditableGame, version: number): Promise<boolean> => {
    setSaving(true);
    try {
      const reply = await editorApi.save(gameId, { ...withoutStaleTranslations(withCompleteRules(game)), version });
      dispatch({ type: 'adopt', server: toServerCopy(reply.data), sent: game });
      notify(t, 'teal', t('editor.save.saved'));
      return true;
    } catch (error) {
      console.error('save failed', error);
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else if (error instanceof NetworkError) notify(t, 'orange', t('editor.save.offline'));
      else if (error instanceof ApiError && error.status === 401) logOut();
      else notify(t, 'red', t('editor.save.failed', { message: error instanceof ApiError ? error.message : '' }));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, conflict, closeConflict: () => setConflict(false) };
}
