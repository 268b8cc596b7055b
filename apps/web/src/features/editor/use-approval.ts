import { useMemo, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { validateGame, type EditableGame } from '@streethunt/shared';
import { ApiError, NetworkError } from '../../api/client.ts';
import { editorApi } from './api.ts';
import { toServerCopy } from './editable-game.ts';
import type { EditorState, EditorStateAction } from './editor-state.ts';
import { notify } from '../../ui/studio/notify.ts';
import { issuesOfReply, type EditorIssue } from './validation.ts';

type Options = {
  gameId: string;
  state: EditorState;
  dirty: boolean;
  dispatch: Dispatch<EditorStateAction>;
  save(game: EditableGame, version: number): Promise<boolean>;
};

/**
 * Send to approval (spec section 5): the shared validation first, every error kept and shown (and
 * followed live as the creator fixes them); with none, unsaved changes are saved, then the game goes
 * PENDING with a note to the admins. The server's 422 issues show the same way. 'Take back to edit'
 * returns a pending game to DRAFT.
 */
export function useApproval({ gameId, state, dirty, dispatch, save }: Options) {
  const { t } = useTranslation('studio');
  const [checked, setChecked] = useState(false);
  const [serverIssues, setServerIssues] = useState<{ game: EditableGame; issues: EditorIssue[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const errors = useMemo(() => (checked ? validateGame(state.game) : []), [checked, state.game]);
  // The server's issues stand for the copy it judged, until that copy changes.
  const issues: EditorIssue[] = errors.length > 0 ? errors : serverIssues?.game === state.game ? serverIssues.issues : [];

  const setStatus = async (status: 'PENDING' | 'DRAFT', game: EditableGame) => {
    const reply = await editorApi.setStatus(gameId, status === 'PENDING' ? { status, notifyAdmin: true } : { status });
    dispatch({ type: 'adopt', server: toServerCopy(reply.data), sent: game });
  };

  const failed = (error: unknown) => {
    console.error('status change failed', error);
    notify(t, error instanceof NetworkError ? 'orange' : 'red', error instanceof NetworkError ? t('editor.approval.offline') : t('editor.approval.failed'));
  };

  const send = async () => {
    const game = state.game;
    setChecked(true);
    setServerIssues(null);
    if (validateGame(game).length > 0) return;
    setBusy(true);
    try {
      if (dirty && !(await save(game, state.server.version))) return;
      await setStatus('PENDING', game);
      setChecked(false);
      notify(t, 'teal', t('editor.approval.sent'));
    } catch (error) {
      const found = error instanceof ApiError && error.status === 422 ? issuesOfReply(error.body) : [];
      if (found.length > 0) setServerIssues({ game, issues: found });
      else failed(error);
    } finally {
      setBusy(false);
    }
  };

  const takeBack = async () => {
    setBusy(true);
    try {
      await setStatus('DRAFT', state.game);
      notify(t, 'teal', t('editor.approval.takenBack'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  /** An approved game: open the draft of its next version (made on the first call) and go to it. */
  const openNextVersion = async (go: (draftId: string) => void) => {
    setBusy(true);
    try {
      go(await editorApi.nextVersion(gameId));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return { issues, send, takeBack, openNextVersion, busy };
}
