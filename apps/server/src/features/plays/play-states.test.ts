import { describe, expect, it } from 'vitest';
import { playStatesOf, progressQuestions } from './play-states.ts';

const game = [
  { id: 'fountain', hints: [{ id: 'f1' }, { id: 'f2' }] },
  { id: 'house', hints: [{ id: 'h1' }] },
  { id: 'theatre', hints: [] },
];

describe('a play’s states by question id', () => {
  it('reads as the spec’s ordered questions, blank where nothing happened yet', () => {
    expect(progressQuestions(game, {})).toEqual([
      { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      { status: null, hints: [{ isOpen: false }] },
      { status: null, hints: [] },
    ]);
    expect(progressQuestions(game, { house: { status: 'SKIPPED', openHints: ['h1'], solution: '22' } })[1]).toEqual({
      status: 'SKIPPED',
      hints: [{ isOpen: true }],
      solution: '22',
    });
  });

  it('follows each question and hint wherever it moved, and leaves out one deleted', () => {
    const states = { fountain: { status: 'DONE', openHints: ['f2'] }, house: { status: 'STARTED' } };
    const moved = [
      { id: 'theatre', hints: [] },
      { id: 'house', hints: [{ id: 'h1' }] },
      { id: 'fountain', hints: [{ id: 'f2' }, { id: 'f1' }] },
    ];
    expect(progressQuestions(moved, states)).toEqual([
      { status: null, hints: [] },
      { status: 'STARTED', hints: [{ isOpen: false }] },
      { status: 'DONE', hints: [{ isOpen: true }, { isOpen: false }] },
    ]);
    expect(progressQuestions(game.slice(1), states).map((q) => q.status)).toEqual(['STARTED', null]);
  });

  it('reads whatever is not a state as blank rather than failing a player', () => {
    for (const stored of [null, [], 'x', { fountain: 'DONE' }, { fountain: { status: 'BOGUS', openHints: 'f1' } }]) {
      expect(progressQuestions(game, stored)[0]).toEqual({ status: null, hints: [{ isOpen: false }, { isOpen: false }] });
    }
    // An inherited name is not a stored question.
    expect(progressQuestions([{ id: 'constructor', hints: [] }], {})[0]!.status).toBeNull();
  });

  it('writes back by id, keeping the states of questions and hints the game no longer has, and only what happened', () => {
    const stored = { gone: { status: 'DONE' }, fountain: { status: 'STARTED', openHints: ['old-hint'] } };
    const progress = [
      { status: 'DONE' as const, hints: [{ isOpen: true }, { isOpen: false }] },
      { status: null, hints: [{ isOpen: false }] },
      { status: 'SOLUTION' as const, hints: [], solution: 'Habima' },
    ];
    expect(playStatesOf(game, progress, stored)).toEqual({
      gone: { status: 'DONE' },
      fountain: { status: 'DONE', openHints: ['f1', 'old-hint'] },
      theatre: { status: 'SOLUTION', solution: 'Habima' },
    });
    // Round trip: what is written reads back as the progress it was made of.
    expect(progressQuestions(game, playStatesOf(game, progress))).toEqual(progress);
  });
});
