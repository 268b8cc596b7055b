import type { LANGUAGES } from '../constants.ts';
import { newContentId } from '../content/ids.ts';
import { readPrice } from './price.ts';
import { SPEC_SCORING } from './score.ts';
import type { GameContent, Question } from '../schemas/game.ts';
import type { Answer, AnswerKind, ReplyAnswer } from '../content/answer-model.ts';
import { ANSWER_KIND_REGISTRY, type EitherAnswer } from '../content/answer-registry.ts';
import type { EditableGame } from '../schemas/studio.ts';
import { HINT_TEXTS, METADATA_TEXTS, PAGE_TEXTS, QUESTION_TEXTS, textsIn } from '../content/text-fields.ts';

/** An empty game: what POST /api/games/new stores and what 'add' appends from. */
export function emptyGame(language: (typeof LANGUAGES)[number] = 'he'): EditableGame {
  return {
    metadata: {
      name: '',
      locationCity: '',
      locationText: '',
      price: '',
      currencyCode: 'ILS',
      language,
      map: false,
      coverImage: '',
      location: null,
      scoring: { ...SPEC_SCORING },
      order: 'linear',
    },
    introPage: { content: '' },
    questions: [],
    gameoverPage: { content: '', hideGameSummary: false },
  };
}
export const emptyQuestion = (): EditableGame['questions'][number] => ({
  id: newContentId(),
  content: '',
  location: null,
  answer: { kind: 'text', value: '', content: '', contentAfterAnswer: '' },
  hints: [],
});
/**
 * The answer turned into another kind, its texts kept: a text keeps its words for a number that reads
 * as one; a new choice starts with two empty options, the first marked right (a choice needs one).
 */
export function withAnswerKind(answer: Answer, kind: AnswerKind): Answer {
  if (answer.kind === kind) return answer;
  return ANSWER_KIND_REGISTRY[kind].from(answer, { content: answer.content, contentAfterAnswer: answer.contentAfterAnswer });
}

export const emptyHint = (): EditableGame['questions'][number]['hints'][number] => ({ id: newContentId(), content: '' });

/**
 * A game's content in any of the shapes the server stores or sends (a stored row, an owner's GET
 * reply): the stored shape, or a reply's answers (where a player's reply has no value: read as empty).
 */
export type GameContentLike = Omit<GameContent, 'questions'> & {
  questions?: ReadonlyArray<Omit<Question, 'answer'> & { answer: Answer | ReplyAnswer }>;
};

/** The answer as the owner edits it, from the stored shape or a reply's (the phone's part dropped). */
function toEditableAnswer(either: Answer | ReplyAnswer): Answer {
  const answer: EitherAnswer = either;
  // A reply made before the kinds has none: a text.
  return ANSWER_KIND_REGISTRY[answer.kind ?? 'text'].editable(answer, { content: answer.content, contentAfterAnswer: answer.contentAfterAnswer });
}

/**
 * A price as the editor holds it: '' (not set) or a number of shekels; older rows kept it as text
 * ('45'). Read by readPrice: a price it cannot sell at is shown as not set; a 0 stays 0 (set to free).
 */
export function editorPrice(price: string | number): '' | number {
  const reading = readPrice(price);
  if (reading.kind === 'amount') return reading.agorot / 100;
  return reading.kind === 'free' && String(price).trim() !== '' ? 0 : '';
}

/**
 * The editable part of a game, every field named and nothing else (salts and hashes dropped): what
 * the editor edits and saves, and what export and duplicate copy. One function for the server's
 * stored rows and the editor's GET reply.
 */
export function toEditableGame(game: GameContentLike): EditableGame {
  const m = game.metadata;
  return {
    metadata: {
      ...textsIn(m, METADATA_TEXTS),
      price: editorPrice(m.price),
      ...(m.groupPrice !== undefined && m.groupPrice !== null && m.groupPrice !== '' && { groupPrice: editorPrice(m.groupPrice) }),
      // Games are sold in shekels only (spec section 3).
      currencyCode: 'ILS',
      language: m.language,
      map: m.map,
      coverImage: m.coverImage,
      ...(m.audio && { audio: m.audio }),
      location: m.location ?? null,
      scoring: { ...(m.scoring ?? SPEC_SCORING) },
      order: m.order ?? 'linear',
      ...(m.freeQuestions !== undefined && m.freeQuestions > 0 && { freeQuestions: m.freeQuestions }),
      ...(m.accessibility !== undefined && { accessibility: { ...m.accessibility } }),
      ...(m.languages !== undefined && { languages: m.languages }),
    },
    introPage: textsIn(game.introPage, PAGE_TEXTS),
    questions: (game.questions ?? []).map((q) => ({
      id: q.id,
      ...textsIn(q, QUESTION_TEXTS),
      ...(q.audio && { audio: q.audio }),
      location: q.location ?? null,
      // Absent is `gps`: a game that never chose keeps its content as it was.
      ...(q.presence !== undefined && q.presence !== 'gps' && { presence: q.presence }),
      ...(q.stepFree !== undefined && { stepFree: q.stepFree }),
      ...(q.alternative !== undefined && { alternative: { ...q.alternative, location: { ...q.alternative.location } } }),
      answer: toEditableAnswer(q.answer),
      hints: q.hints.map((h) => ({ id: h.id, ...textsIn(h, HINT_TEXTS), ...(h.audio && { audio: h.audio }) })),
      // The flow travels with its question: a save of what the editor loaded keeps it.
      ...(q.when !== undefined && { when: q.when }),
      ...(q.then !== undefined && { then: q.then }),
    })),
    gameoverPage: { ...textsIn(game.gameoverPage, PAGE_TEXTS), hideGameSummary: game.gameoverPage.hideGameSummary },
    // The game's other languages travel with it (a save, an export, a copy).
    ...(game.translations !== undefined && { translations: game.translations }),
  };
}
