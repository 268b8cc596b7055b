import type { EditableGame } from '@streethunt/shared';
import { sameGame, type ServerCopy } from './editable-game.ts';
import { editorReducer, type EditorAction } from './editor-store.ts';
import { FIRST_SELECTION, existingSelection, selectionAfter, type Selection } from './selection.ts';

/**
 * Everything the editor changes as one state, so every step sees the others as they are: the working
 * copy, the tree's selection, the stored game it is compared with (and saved over), and a revision
 * that renews the fields when the whole copy is replaced under them.
 */
export type EditorState = { game: EditableGame; selection: Selection; server: ServerCopy; revision: number };

export type EditorStateAction =
  | EditorAction
  | { type: 'select'; selection: Selection }
  /** The server stored `sent` (or changed the status): its reply becomes the stored copy, and the working copy when nothing changed since. */
  | { type: 'adopt'; server: ServerCopy; sent: EditableGame };

export function initialEditorState(server: ServerCopy, game: EditableGame = server.game): EditorState {
  return { game, selection: FIRST_SELECTION, server, revision: 0 };
}

export function editorStateReducer(state: EditorState, action: EditorStateAction): EditorState {
  switch (action.type) {
    case 'select':
      return { ...state, selection: existingSelection(action.selection, state.game) };
    case 'adopt': {
      // The server's copy (its sanitized content) replaces ours only if we changed nothing while it saved.
      const take = sameGame(state.game, action.sent) && !sameGame(state.game, action.server.game);
      return take
        ? { ...state, server: action.server, game: action.server.game, selection: existingSelection(state.selection, action.server.game), revision: state.revision + 1 }
        : { ...state, server: action.server };
    }
    default: {
      const game = editorReducer(state.game, action);
      if (game === state.game) return state;
      return {
        ...state,
        game,
        selection: existingSelection(selectionAfter(state.selection, action, state.game), game),
        revision: action.type === 'replace' ? state.revision + 1 : state.revision,
      };
    }
  }
}
