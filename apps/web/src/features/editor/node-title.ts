import { useTranslation } from 'react-i18next';
import type { EditableGame } from '@streethunt/shared';
import type { Selection } from './selection.ts';

/** A node's full name, for the edit panel's heading: 'Question 2: answer text'. */
export function useNodeTitle(game: EditableGame, selection: Selection): string {
  const { t } = useTranslation('studio');
  const n = 'question' in selection ? selection.question + 1 : 0;
  switch (selection.kind) {
    case 'metadata':
      return t('editor.tree.metadata');
    case 'metadataLocation':
      return t('editor.location.start');
    case 'intro':
      return t('editor.tree.intro');
    case 'gameover':
      return t('editor.tree.gameover');
    case 'map':
      return t('editor.tree.map');
    case 'question':
      return t('editor.tree.question', { n });
    case 'hint': {
      const title = game.questions[selection.question]?.hints[selection.hint]?.title?.trim();
      return t('editor.panel.of', { part: title || t('editor.tree.hint', { n: selection.hint + 1 }), question: n });
    }
    case 'questionLocation':
      return t('editor.panel.of', { part: t('editor.tree.location'), question: n });
    case 'answer':
      return t('editor.panel.of', { part: t('editor.tree.answer'), question: n });
    case 'answerBefore':
      return t('editor.panel.of', { part: t('editor.tree.answerBefore'), question: n });
    case 'answerAfter':
      return t('editor.panel.of', { part: t('editor.tree.answerAfter'), question: n });
  }
}
