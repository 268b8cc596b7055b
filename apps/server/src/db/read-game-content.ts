import { gameMetadataSchema, hintSchema, LANGUAGES, METADATA_TEXTS, PAGE_TEXTS, QUESTION_ORDERS, questionSchema, scoringSchema, SPEC_SCORING, translationSchema, type GameContent } from '@streethunt/shared';
import { z } from 'zod';

/** A table's texts read leniently: each one that is not a string reads as ''. */
const lenientTexts = <T extends Record<string, unknown>>(table: T) =>
  Object.fromEntries(Object.keys(table).map((key) => [key, z.string().catch('')])) as { [K in keyof T]: z.ZodCatch<z.ZodString> };
const emptyPage = Object.fromEntries(Object.keys(PAGE_TEXTS).map((key) => [key, ''])) as { [K in keyof typeof PAGE_TEXTS]: string };
const introSchema = z.object(lenientTexts(PAGE_TEXTS)).catch(emptyPage);
const gameoverSchema = z
  .object({ ...lenientTexts(PAGE_TEXTS), hideGameSummary: z.boolean().catch(false) })
  .catch({ ...emptyPage, hideGameSummary: false });
/** Each language's translation on its own: one that does not read is left out, the other kept. */
const translationsSchema = z
  .object(Object.fromEntries(LANGUAGES.map((language) => [language, translationSchema.optional().catch(undefined)])) as Record<(typeof LANGUAGES)[number], z.ZodCatch<z.ZodOptional<typeof translationSchema>>>)
  .catch({});
/** Each field on its own: one that does not read falls back to its default, the rest are kept (a name, a price). */
const m = gameMetadataSchema.shape;
const metadataSchema = z
  .object({
    ...(Object.fromEntries(Object.keys(METADATA_TEXTS).map((key) => [key, m[key as keyof typeof METADATA_TEXTS].catch('')])) as {
      [K in keyof typeof METADATA_TEXTS]: z.ZodCatch<(typeof m)[K]>;
    }),
    price: m.price.catch(''),
    groupPrice: m.groupPrice.catch(undefined),
    currencyCode: m.currencyCode.catch('ILS'),
    language: m.language.catch('he'),
    map: m.map.catch(false),
    coverImage: m.coverImage.catch(''),
    audio: m.audio.catch(undefined),
    location: m.location.catch(undefined),
    // A game saved before its scoring settings plays by the spec's rules, and every reply says so.
    scoring: scoringSchema.default(SPEC_SCORING).catch(SPEC_SCORING),
    order: z.enum(QUESTION_ORDERS).default('linear').catch('linear'),
    languages: m.languages.catch(undefined),
    // Not a whole number 0 or more: no trial rather than a broken game.
    freeQuestions: m.freeQuestions.catch(undefined),
    // Not readable: not stated, rather than a broken game.
    accessibility: m.accessibility.catch(undefined),
  })
  .catch(() => ({ ...gameMetadataSchema.parse({}), scoring: SPEC_SCORING, order: 'linear' as const }));
/** Ids read leniently: one missing (or not an id) is given below, by position. */
const storedQuestionSchema = questionSchema.extend({
  id: questionSchema.shape.id.catch(''),
  stepFree: questionSchema.shape.stepFree.catch(undefined),
  alternative: questionSchema.shape.alternative.catch(undefined),
  // A recording that does not read is dropped, not the question (or hint) with it.
  audio: questionSchema.shape.audio.catch(undefined),
  hints: z.array(hintSchema.extend({ id: hintSchema.shape.id.catch(''), audio: hintSchema.shape.audio.catch(undefined) }).catch(() => ({ id: '', content: '' }))).catch([]),
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

/** A stored game's translations (the column), each language read on its own; undefined when it has none. */
export function readTranslations(translations: unknown): GameContent['translations'] {
  return withoutEmpty(translationsSchema.parse(translations ?? {}));
}

/** A stored game's metadata (name, city, price, language…): the one reader, for the content and for a sale. */
export function readGameMetadata(metadata: unknown): GameContent['metadata'] {
  return metadataSchema.parse(metadata);
}

type ContentColumns = { metadata: unknown; introPage: unknown; questions: unknown; gameoverPage: unknown; translations?: unknown };

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
    const translations = readTranslations(row.translations);
    if (translations) content.translations = translations;
    contentOfRow.set(row, content);
  }
  return content;
}

const contentOfRow = new WeakMap<object, GameContent>();

/** The languages that have a translation, or undefined when none has (a game in one language reads as before). */
function withoutEmpty(translations: z.infer<typeof translationsSchema>): GameContent['translations'] {
  const kept = Object.fromEntries(Object.entries(translations).filter(([, translation]) => translation !== undefined));
  return Object.keys(kept).length > 0 ? kept : undefined;
}
