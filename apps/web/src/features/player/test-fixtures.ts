/** Test data for the player: a game as a code holder gets it, and plays of it. */
import { answerHashes, computeScore, type GameReply, type Progress } from '@streethunt/shared';

export const GAME_ID = 'game-1';
export const CODE = 'TLVABC234';

type GameOverrides = Partial<Omit<GameReply, 'metadata'>> & { metadata?: Partial<GameReply['metadata']> };

/** Three questions; the first has two hints (one titled), the answers are 'Bialik, ביאליק', '1909', 'Rothschild'. */
export function buildGame(overrides: GameOverrides = {}, withQuestions = true): GameReply {
  const salt = 's4lt';
  const question = (id: string, text: string, value: string, hints: Array<{ content: string; title?: string }>) => ({
    id,
    content: `<p>${text}</p>`,
    location: { lat: 32.0778, lng: 34.7741 },
    answer: { salt, hashes: answerHashes(salt, value), content: `<p>Before: ${text}</p>`, contentAfterAnswer: `<p>Well done: ${text}</p>` },
    hints: hints.map((hint, i) => ({ id: `${id}h${i + 1}`, ...hint })),
  });
  const { metadata, ...rest } = overrides;
  return {
    _id: GAME_ID,
    userId: 'owner-1',
    status: 'APPROVED',
    metadata: {
      name: 'Bialik street hunt',
      locationCity: 'Tel Aviv',
      locationText: 'Bialik Square',
      price: '50',
      currencyCode: 'ILS',
      language: 'he',
      map: false,
      coverImage: '',
      location: { lat: 32.0775, lng: 34.7738 },
      ...metadata,
    },
    introPage: { content: '<p>Welcome to the <b>hunt</b></p>' },
    gameoverPage: { content: '<p>See you next time</p>', hideGameSummary: false },
    questionCount: 3,
    ...(withQuestions
      ? {
          questions: [
            question('q1', 'Who lived in the house?', 'Bialik, ביאליק', [{ content: '<p>A poet</p>' }, { content: '<p>National poet</p>', title: 'Big hint' }]),
            question('q2', 'When was the city founded?', '1909', []),
            question('q3', 'Which boulevard?', 'Rothschild', [{ content: '<p>A banker</p>' }]),
          ],
        }
      : {}),
    ...rest,
  };
}

/** A play of the built game; `statuses` and `openHints` ("question:hint") shape it. */
export function buildProgress(overrides: Partial<Progress> = {}): Progress {
  const progress: Progress = {
    game_id: GAME_ID,
    game_secret: CODE,
    game_name: 'Bialik street hunt',
    startTime: '2026-05-01T10:00:00.000Z',
    endTime: null,
    lastUpdate: '2026-05-01T10:00:00.000Z',
    questions: [
      { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      { status: null, hints: [] },
      { status: null, hints: [{ isOpen: false }] },
    ],
    score: 0,
    ...overrides,
  };
  return { ...progress, score: overrides.score ?? computeScore(progress, new Date(progress.lastUpdate)) };
}
