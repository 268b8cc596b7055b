import { gameMetadataSchema, hintSchema, QUESTION_ORDERS, questionSchema, scoringSchema, SPEC_SCORING, type GameContent } from '@streethunt/shared';
import { z } from 'zod';

const introSchema = z.object({ content: z.string().catch('') }).catch({ content: '' });
const gameoverSchema = z
  .object({ content: z.string().catch(''), hideGameSummary: z.boolean().catch(false) })
  .catch({ content: '', hideGameSummary: false });
/** Each field on its own: one that does not read falls back to its default, the rest are kept (a name, a price). */
const m = gameMetadataSchema.shape;
const metadataSchema = z
  .object({
    name: m.name.catch(''),
    locationCity: m.locationCity.catch(''),
    locationText: m.locationText.catch(''),
    price: m.price.catch(''),
    groupPrice: m.groupPrice.catch(undefined),
    currencyCode: m.currencyCode.catch('ILS'),
    language: m.language.catch('he'),
    map: m.map.catch(false),
    coverImage: m.coverImage.catch(''),
    location: m.location.catch(undefined),
    // A game saved before its scoring settings plays by the spec's rules, and every reply says so.
    scoring: scoringSchema.default(SPEC_SCORING).catch(SPEC_SCORING),
    order: z.enum(QUESTION_ORDERS).default('linear').catch('linear'),
  })
  .catch(() => ({ ...gameMetadataSchema.parse({}), scoring: SPEC_SCORING, order: 'linear' as const }));
/** Ids read leniently: one missing (or not an id) is given below, by position. */
const storedQuestionSchema = questionSchema.extend({
  id: questionSchema.shape.id.catch(''),
  hints: z.array(hintSchema.extend({ id: hintSchema.shape.id.catch('') }).catch(() => ({ id: '', content: '' }))).catch([]),
});
/** A stored question that does not read as one becomes an empty question, so positions stay put. */
const questionsSchema = z.array(storedQuestionSchema.catch(() => storedQuestionSchema.parse({ answer: {} }))).catch([]);

/**
 * Every stored question and hint has an id (migration 0012 gave them, saves keep them); one that has
 * none reads with an id made from its position, the same on every read, so a play's states stay on it.
 */
function withPositionIds(questions: z.infer<typeof questionsSchema>): GameContent['questions'] {
  return questions.map((question, qi) => {
    const id = question.id || `missing-q${qi + 1}`;
    return { ...question, id, hints: question.hints.map((hint, hi) => ({ ...hint, id: hint.id || `${id}-h${hi + 1}` })) };
  });
}

/** A stored game's metadata (name, city, price, language…): the one reader, for the content and for a sale. */
export function readGameMetadata(metadata: unknown): GameContent['metadata'] {
  return metadataSchema.parse(metadata);
}

type ContentColumns = { metadata: unknown; introPage: unknown; questions: unknown; gameoverPage: unknown };

/**
 * A stored game's content (a games row, or a kept version) as the shared schemas describe it. The
 * columns are JSONB written by the editor; whatever does not read as the schema falls back to its
 * defaults rather than failing a player.
 */
export function readGameContent(row: ContentColumns): GameContent {
  // A cached row is read once (the result is shared: never change it).
  let content = contentOfRow.get(row);
  if (!content) {
    content = {
      metadata: metadataSchema.parse(row.metadata),
      introPage: introSchema.parse(row.introPage),
      questions: withPositionIds(questionsSchema.parse(row.questions)),
      gameoverPage: gameoverSchema.parse(row.gameoverPage),
    };
    contentOfRow.set(row, content);
  }
  return content;
}

const contentOfRow = new WeakMap<object, GameContent>();
