/** Test data: a game as the server sends it, for the player (a code holder's copy) and the editor (its owner's). */
import { answerHashes, type GameReply } from '@streethunt/shared';

export const GAME_ID = 'game-1';

type Hint = { content: string; title?: string };

/**
 * A question near Bialik Square, its accepted answers (`value`, a comma list) hashed with a fixed salt;
 * `ownerView` adds the answers in plain text, as only the game's owner gets them.
 */
export function buildQuestion(id: string, text: string, value: string, hints: Hint[], ownerView = false) {
  const salt = 's4lt';
  return {
    id,
    content: `<p>${text}</p>`,
    location: { lat: 32.0778, lng: 34.7741 },
    answer: { salt, hashes: answerHashes(salt, value), ...(ownerView ? { value } : {}), content: `<p>Before: ${text}</p>`, contentAfterAnswer: `<p>Well done: ${text}</p>` },
    hints: hints.map((hint, i) => ({ id: `${id}h${i + 1}`, ...hint })),
  };
}

export type GameOverrides = Partial<Omit<GameReply, 'metadata'>> & { metadata?: Partial<GameReply['metadata']> };

/** 'Bialik street hunt' in Tel Aviv, 50 ILS, in Hebrew, approved, without questions unless given. */
export function buildGameReply(overrides: GameOverrides = {}): GameReply {
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
    questionCount: rest.questions?.length ?? 0,
    ...rest,
  };
}
