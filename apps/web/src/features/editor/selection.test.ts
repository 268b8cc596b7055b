import { describe, expect, it } from 'vitest';
import { setMetadata } from './editor-store.ts';
import { existingSelection, selectionAfter, selectionKey, type Selection } from './selection.ts';
import { editableGame } from './test-game.ts';

const game = editableGame(3, 2);

describe('selection', () => {
  it('names every node', () => {
    expect(selectionKey({ kind: 'metadata' })).toBe('metadata');
    expect(selectionKey({ kind: 'question', question: 2 })).toBe('q2');
    expect(selectionKey({ kind: 'answerAfter', question: 0 })).toBe('q0/answerAfter');
    expect(selectionKey({ kind: 'hint', question: 1, hint: 0 })).toBe('q1/hint0');
  });

  it('selects what was added', () => {
    expect(selectionAfter({ kind: 'intro' }, { type: 'addQuestion' }, game)).toEqual({ kind: 'question', question: 3 });
    expect(selectionAfter({ kind: 'intro' }, { type: 'addHint', question: 1 }, game)).toEqual({ kind: 'hint', question: 1, hint: 2 });
  });

  it('follows a moved question, and the one it swapped with', () => {
    const moveUp = { type: 'moveQuestion', question: 1, by: -1 } as const;
    expect(selectionAfter({ kind: 'answer', question: 1 }, moveUp, game)).toEqual({ kind: 'answer', question: 0 });
    expect(selectionAfter({ kind: 'hint', question: 0, hint: 1 }, moveUp, game)).toEqual({ kind: 'hint', question: 1, hint: 1 });
    expect(selectionAfter({ kind: 'question', question: 2 }, moveUp, game)).toEqual({ kind: 'question', question: 2 });
    // Past the end nothing moves.
    expect(selectionAfter({ kind: 'question', question: 2 }, { type: 'moveQuestion', question: 2, by: 1 }, game)).toEqual({ kind: 'question', question: 2 });
  });

  it('after a delete: later questions move up, the deleted one gives way to the one before', () => {
    const remove = (question: number) => ({ type: 'deleteQuestion', question }) as const;
    expect(selectionAfter({ kind: 'answerBefore', question: 2 }, remove(1), game)).toEqual({ kind: 'answerBefore', question: 1 });
    expect(selectionAfter({ kind: 'question', question: 0 }, remove(1), game)).toEqual({ kind: 'question', question: 0 });
    expect(selectionAfter({ kind: 'hint', question: 1, hint: 0 }, remove(1), game)).toEqual({ kind: 'question', question: 0 });
    expect(selectionAfter({ kind: 'question', question: 0 }, remove(0), game)).toEqual({ kind: 'question', question: 0 });
    expect(selectionAfter({ kind: 'question', question: 0 }, remove(0), editableGame(1))).toEqual({ kind: 'intro' });
    expect(selectionAfter({ kind: 'gameover' }, remove(0), game)).toEqual({ kind: 'gameover' });
  });

  it('follows a moved or deleted hint within its question', () => {
    const hint = (h: number): Selection => ({ kind: 'hint', question: 1, hint: h });
    expect(selectionAfter(hint(0), { type: 'moveHint', question: 1, hint: 0, by: 1 }, game)).toEqual(hint(1));
    expect(selectionAfter(hint(1), { type: 'moveHint', question: 1, hint: 0, by: 1 }, game)).toEqual(hint(0));
    expect(selectionAfter(hint(1), { type: 'moveHint', question: 0, hint: 0, by: 1 }, game)).toEqual(hint(1));
    expect(selectionAfter(hint(1), { type: 'deleteHint', question: 1, hint: 0 }, game)).toEqual(hint(0));
    expect(selectionAfter(hint(0), { type: 'deleteHint', question: 1, hint: 0 }, game)).toEqual({ kind: 'question', question: 1 });
  });

  it('keeps to nodes the game has: locations and the map only with the map on', () => {
    const withMap = setMetadata(game, { map: true });
    expect(existingSelection({ kind: 'map' }, withMap)).toEqual({ kind: 'map' });
    expect(existingSelection({ kind: 'map' }, game)).toEqual({ kind: 'metadata' });
    expect(existingSelection({ kind: 'metadataLocation' }, game)).toEqual({ kind: 'metadata' });
    expect(existingSelection({ kind: 'questionLocation', question: 1 }, withMap)).toEqual({ kind: 'questionLocation', question: 1 });
    expect(existingSelection({ kind: 'questionLocation', question: 1 }, game)).toEqual({ kind: 'question', question: 1 });
    expect(existingSelection({ kind: 'hint', question: 0, hint: 5 }, game)).toEqual({ kind: 'question', question: 0 });
    expect(existingSelection({ kind: 'answer', question: 7 }, game)).toEqual({ kind: 'question', question: 2 });
    expect(existingSelection({ kind: 'answer', question: 0 }, editableGame(0))).toEqual({ kind: 'intro' });
  });
});
