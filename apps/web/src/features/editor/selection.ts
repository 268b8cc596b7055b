import type { EditableGame } from '@streethunt/shared';
import type { EditorAction } from './editor-store.ts';

/**
 * What the tree has selected: it picks the edit panel and drives the preview (spec section 4). Every
 * node below a question names its question, 0-based.
 */
export type Selection =
  | { kind: 'metadata' | 'metadataLocation' | 'intro' | 'gameover' | 'map' }
  | { kind: 'question' | 'questionLocation' | 'answer' | 'answerBefore' | 'answerAfter'; question: number }
  | { kind: 'hint'; question: number; hint: number };

type QuestionSelection = Extract<Selection, { question: number }>;

export const FIRST_SELECTION: Selection = { kind: 'metadata' };

/** A stable name of a node: React keys, test ids, the red marks of the validation. */
export function selectionKey(selection: Selection): string {
  switch (selection.kind) {
    case 'hint':
      return `q${selection.question}/hint${selection.hint}`;
    case 'question':
      return `q${selection.question}`;
    case 'questionLocation':
    case 'answer':
    case 'answerBefore':
    case 'answerAfter':
      return `q${selection.question}/${selection.kind}`;
    default:
      return selection.kind;
  }
}

/** The question a node belongs to, if any. */
const questionOf = (selection: Selection): number | null => ('question' in selection ? selection.question : null);

/** The same node in another question (a question moved or an earlier one deleted). */
const inQuestion = (selection: QuestionSelection, question: number): Selection => ({ ...selection, question });

/**
 * Where the selection stands after a change to the tree: it follows a moved question or hint, moves
 * up when an earlier one is deleted, and goes to the parent (or the previous question) when its own
 * is deleted. An added question or hint is selected. `before` is the game the change applies to.
 */
export function selectionAfter(selection: Selection, action: EditorAction, before: EditableGame): Selection {
  const q = questionOf(selection);
  switch (action.type) {
    case 'addQuestion':
      return { kind: 'question', question: before.questions.length };
    case 'addHint':
      return { kind: 'hint', question: action.question, hint: before.questions[action.question]?.hints.length ?? 0 };
    case 'deleteQuestion': {
      if (q === null || q < action.question) return selection;
      if (q > action.question) return inQuestion(selection as QuestionSelection, q - 1);
      return action.question > 0 ? { kind: 'question', question: action.question - 1 } : before.questions.length > 1 ? { kind: 'question', question: 0 } : { kind: 'intro' };
    }
    case 'moveQuestion': {
      const target = action.question + action.by;
      if (q === null || target < 0 || target >= before.questions.length) return selection;
      if (q === action.question) return inQuestion(selection as QuestionSelection, target);
      if (q === target) return inQuestion(selection as QuestionSelection, action.question);
      return selection;
    }
    case 'deleteHint': {
      if (selection.kind !== 'hint' || selection.question !== action.question || selection.hint < action.hint) return selection;
      if (selection.hint > action.hint) return { ...selection, hint: selection.hint - 1 };
      return { kind: 'question', question: action.question };
    }
    case 'moveHint': {
      const target = action.hint + action.by;
      const count = before.questions[action.question]?.hints.length ?? 0;
      if (selection.kind !== 'hint' || selection.question !== action.question || target < 0 || target >= count) return selection;
      if (selection.hint === action.hint) return { ...selection, hint: target };
      if (selection.hint === target) return { ...selection, hint: action.hint };
      return selection;
    }
    default:
      return selection;
  }
}

/**
 * A node the game has: locations and the map only while the map is on, questions and hints that
 * exist. Otherwise the nearest node that does (a restored or reloaded copy may have fewer).
 */
export function existingSelection(selection: Selection, game: EditableGame): Selection {
  const map = game.metadata.map;
  if (selection.kind === 'metadataLocation' || selection.kind === 'map') return map ? selection : { kind: 'metadata' };
  const q = questionOf(selection);
  if (q === null) return selection;
  const question = game.questions[q];
  if (!question) return game.questions.length > 0 ? { kind: 'question', question: game.questions.length - 1 } : { kind: 'intro' };
  if (selection.kind === 'questionLocation' && !map) return { kind: 'question', question: q };
  if (selection.kind === 'hint' && !question.hints[selection.hint]) return { kind: 'question', question: q };
  return selection;
}
