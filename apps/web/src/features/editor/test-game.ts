/** Test data for the editor: a game as its owner gets it (answers with value), and its editable copy. */
import { answerHashes, emptyGame, type EditableGame, type GameReply } from '@streethunt/shared';

export const GAME_ID = 'game-1';
export const OWNER_ID = 'u1';

type Overrides = Partial<Omit<GameReply, 'metadata'>> & { metadata?: Partial<GameReply['metadata']> };

/** Two questions (the first with two hints, the second titled 'Big hint'), map off, version 3, a valid game. */
export function ownerReply(overrides: Overrides = {}): GameReply {
  const salt = 's4lt';
  const question = (id: string, text: string, value: string, hints: Array<{ content: string; title?: string }>) => ({
    id,
    content: `<p>${text}</p>`,
    location: { lat: 32.0778, lng: 34.7741 },
    answer: { salt, hashes: answerHashes(salt, value), value, content: `<p>Before: ${text}</p>`, contentAfterAnswer: `<p>Well done: ${text}</p>` },
    hints: hints.map((hint, i) => ({ id: `${id}h${i + 1}`, ...hint })),
  });
  const { metadata, ...rest } = overrides;
  return {
    _id: GAME_ID,
    userId: OWNER_ID,
    status: 'DRAFT',
    metadata: {
      name: 'Bialik street hunt',
      locationCity: 'Tel Aviv',
      locationText: 'Bialik Square',
      price: '50',
      currencyCode: 'ILS',
      language: 'en',
      map: false,
      coverImage: '',
      location: { lat: 32.0775, lng: 34.7738 },
      ...metadata,
    },
    introPage: { content: '<p>Welcome to the <b>hunt</b></p>' },
    gameoverPage: { content: '<p>See you next time</p>', hideGameSummary: false },
    questionCount: 2,
    questions: [
      question('q1', 'Who lived in the house?', 'Bialik, ביאליק', [{ content: '<p>A poet of the nation</p>' }, { content: '<p>His house is a museum</p>', title: 'Big hint' }]),
      question('q2', 'When was the city founded?', '1909', []),
    ],
    version: 3,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...rest,
  };
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
