/** Test data for the editor: a game as its owner gets it (answers with value), and its editable copy. */
import { emptyGame, type EditableGame, type GameReply } from '@streethunt/shared';
import { buildGameReply, buildQuestion, type GameOverrides } from '../../test/game-factory.ts';

export { GAME_ID } from '../../test/game-factory.ts';
export const OWNER_ID = 'u1';

/** Two questions (the first with two hints, the second titled 'Big hint'), map off, version 3, a valid game. */
export function ownerReply(overrides: GameOverrides = {}): GameReply {
  const { metadata, ...rest } = overrides;
  return buildGameReply({
    userId: OWNER_ID,
    status: 'DRAFT',
    metadata: { language: 'en', ...metadata },
    questions: [
      buildQuestion('q1', 'Who lived in the house?', 'Bialik, ביאליק', [{ content: '<p>A poet of the nation</p>' }, { content: '<p>His house is a museum</p>', title: 'Big hint' }], true),
      buildQuestion('q2', 'When was the city founded?', '1909', [], true),
    ],
    questionCount: 2,
    version: 3,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...rest,
  });
}

/** A small editable game: `questions` questions, each with `hints` hints, their contents numbered. */
export function editableGame(questions = 2, hints = 0): EditableGame {
  const game = emptyGame('en');
  return {
    ...game,
    metadata: { ...game.metadata, name: 'A game' },
    questions: Array.from({ length: questions }, (_, q) => ({
      id: `q${q + 1}`,
      content: `<p>question ${q + 1}</p>`,
      location: null,
      answer: { kind: 'text', value: `answer ${q + 1}`, content: '', contentAfterAnswer: '' },
      hints: Array.from({ length: hints }, (_, h) => ({ id: `q${q + 1}h${h + 1}`, content: `<p>hint ${q + 1}.${h + 1}</p>` })),
    })),
  };
}
