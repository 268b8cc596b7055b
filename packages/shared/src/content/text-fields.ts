import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { lineText, multilineText } from '../schemas/common.ts';
import { contentIdSchema } from './ids.ts';
import { replaceTags } from './linear-text.ts';
import { MAX_ANSWER_VALUE, MAX_COVER_IMAGE, MAX_LINE_TEXT, MAX_LOCATION_TEXT, MAX_OPTION_TEXT, MAX_RICH_TEXT, MAX_SAY_TEXT } from './limits.ts';

/**
 * A game's texts, declared once per entity: what each is (a line, several lines, rich text, a comma
 * list of accepted answers) and how long it may be. The content's shapes take their text fields from
 * here, and a translation (DESIGN.md section 13) holds exactly these, keyed by the content's stable
 * ids, so a text field added here is in every shape and in every translation at once.
 */

type TextKind = 'line' | 'multiline' | 'rich' | 'answers';
/** `optional`: the original may leave it out altogether (a hint's title), rather than read it as ''. */
export type TextField = { kind: TextKind; max: number; optional?: true };

const line = { kind: 'line', max: MAX_LINE_TEXT } as const satisfies TextField;
const rich = { kind: 'rich', max: MAX_RICH_TEXT } as const satisfies TextField;

export const METADATA_TEXTS = { name: line, locationCity: line, locationText: { kind: 'multiline', max: MAX_LOCATION_TEXT } } as const satisfies Record<string, TextField>;
/** The intro page and the game-over page. */
export const PAGE_TEXTS = { content: rich } as const satisfies Record<string, TextField>;
export const QUESTION_TEXTS = { content: rich } as const satisfies Record<string, TextField>;
/** The texts around an answer, whatever its kind. */
export const ANSWER_TEXTS = { content: rich, contentAfterAnswer: rich } as const satisfies Record<string, TextField>;
export const HINT_TEXTS = { title: { ...line, optional: true }, content: rich } as const satisfies Record<string, TextField>;
export const OPTION_TEXT = { kind: 'line', max: MAX_OPTION_TEXT } as const satisfies TextField;
/** A text answer's accepted answers, a comma list (each language's are right). */
const ACCEPTED_ANSWERS = { kind: 'answers', max: MAX_ANSWER_VALUE } as const satisfies TextField;
const SAY_TEXT = { kind: 'multiline', max: MAX_SAY_TEXT } as const satisfies TextField;

/** Markup where a plain text is expected: a tag's start. Rich text is cleaned as the original's is. */
const MARKUP = /<[a-zA-Z/!?]/;

/** What a translation may hold besides texts: media of its own for its language, by path. */
export const TRANSLATED_MEDIA = ['metadata.coverImage'] as const;

/** The schema of one text as a translation (or a save) holds it. */
function textSchema(field: TextField) {
  if (field.kind === 'rich') return multilineText().max(field.max);
  const base = field.kind === 'multiline' ? multilineText() : lineText();
  return base.max(field.max).refine((text) => !MARKUP.test(text), 'plain text: no markup');
}

const plainOf = (field: TextField) => (field.kind === 'line' || field.kind === 'answers' ? lineText() : multilineText());

type StoredText<F extends TextField> = F extends { optional: true } ? z.ZodOptional<z.ZodString> : z.ZodDefault<z.ZodString>;
type SavedText<F extends TextField, R extends z.ZodType<string>> = F extends { kind: 'rich' } ? R : F extends { optional: true } ? z.ZodOptional<z.ZodString> : z.ZodString;

/**
 * A table's texts as stored content reads them: each may be missing (read as '', or absent where the
 * original may leave it out). Rich text has no limit here: a game saved under older limits still reads.
 */
export function storedTexts<T extends Record<string, TextField>>(table: T) {
  return Object.fromEntries(
    Object.entries(table).map(([key, field]) => {
      const text = field.kind === 'rich' ? multilineText() : plainOf(field).max(field.max);
      return [key, field.optional ? text.optional() : text.default('')];
    }),
  ) as { [K in keyof T]: StoredText<T[K]> };
}

/** A table's texts as the editor saves them: each within its limit; rich text as the save's `rich` schema checks it (its shape too). */
export function savedTexts<T extends Record<string, TextField>, R extends z.ZodType<string>>(table: T, rich: R) {
  return Object.fromEntries(
    Object.entries(table).map(([key, field]) => {
      const text = field.kind === 'rich' ? rich : plainOf(field).max(field.max);
      return [key, field.optional ? text.optional() : text];
    }),
  ) as { [K in keyof T]: SavedText<T[K], R> };
}

/** One text as the editor saves it (an option's text). */
export const savedText = (field: TextField) => plainOf(field).max(field.max);

/** An object of optional texts, one per field of a table, refusing any other key. */
function textsOf<T extends Record<string, TextField>>(table: T) {
  const shape = Object.fromEntries(Object.entries(table).map(([key, field]) => [key, textSchema(field).optional()])) as { [K in keyof T]: z.ZodOptional<ReturnType<typeof textSchema>> };
  return z.strictObject(shape);
}

const idKeyed = <T extends z.ZodType>(value: T) => z.record(contentIdSchema, value);

/** One question's texts in a translation, by the ids of its hints and options; `say`, its rules' texts in the order they are written. */
const questionTranslationSchema = textsOf(QUESTION_TEXTS).extend({
  answer: textsOf(ANSWER_TEXTS).optional(),
  answers: textSchema(ACCEPTED_ANSWERS).optional(),
  options: idKeyed(textSchema(OPTION_TEXT)).optional(),
  hints: idKeyed(textsOf(HINT_TEXTS)).optional(),
  say: z.array(textSchema(SAY_TEXT)).optional(),
});

/** A game in one more language: the same texts, by the same ids; the original stays in the spec's fields. */
export const translationSchema = z.strictObject({
  // A cover of its own for this language (a picture with words on it); absent, the original's. The save keeps only a media address it allows.
  metadata: textsOf(METADATA_TEXTS).extend({ coverImage: lineText().max(MAX_COVER_IMAGE).optional() }).optional(),
  introPage: textsOf(PAGE_TEXTS).optional(),
  gameoverPage: textsOf(PAGE_TEXTS).optional(),
  questions: idKeyed(questionTranslationSchema).optional(),
});
export type Translation = z.infer<typeof translationSchema>;

/** A game's translations by language: only the languages the platform offers. */
export const translationsSchema = z.partialRecord(z.enum(LANGUAGES), translationSchema);

/** What text-fields reads of a game's content: its texts, by its ids. */
type TextsOfContent = {
  metadata: Record<keyof typeof METADATA_TEXTS, string>;
  introPage: { content: string };
  gameoverPage: { content: string };
  questions: ReadonlyArray<{
    id: string;
    content: string;
    answer: { kind?: string; content: string; contentAfterAnswer: string; value?: string | number; options?: ReadonlyArray<{ id: string; text: string }> };
    hints: ReadonlyArray<{ id: string; title?: string | undefined; content: string }>;
    then?: ReadonlyArray<{ do: ReadonlyArray<object> }> | undefined;
  }>;
};

/** One text of a game: where it is (a dotted path by ids, as a translation holds it) and what it is. */
export type GameText = { path: string; field: TextField };

/** Whether a text says anything: rich text with only empty paragraphs says nothing. */
export const saysSomething = (text: string | undefined) => Boolean(text && replaceTags(text, '').trim());

/**
 * Every text the original has, in the game's order: what a complete translation must hold. A text the
 * original leaves empty needs none (`withEmpty`: every text it could have, as a translation's keys may name).
 */
export function gameTexts(content: TextsOfContent, { withEmpty = false } = {}): GameText[] {
  const texts: GameText[] = [];
  const add = (path: string, field: TextField, text: string | undefined) => {
    if (withEmpty || saysSomething(text)) texts.push({ path, field });
  };
  for (const [key, field] of Object.entries(METADATA_TEXTS)) add(`metadata.${key}`, field, content.metadata[key as keyof typeof METADATA_TEXTS]);
  add('introPage.content', PAGE_TEXTS.content, content.introPage.content);
  add('gameoverPage.content', PAGE_TEXTS.content, content.gameoverPage.content);
  for (const q of content.questions) {
    const at = `questions.${q.id}`;
    add(`${at}.content`, QUESTION_TEXTS.content, q.content);
    for (const [key, field] of Object.entries(ANSWER_TEXTS)) add(`${at}.answer.${key}`, field, q.answer[key as keyof typeof ANSWER_TEXTS]);
    if ((q.answer.kind ?? 'text') === 'text') add(`${at}.answers`, ACCEPTED_ANSWERS, String(q.answer.value ?? ''));
    for (const option of q.answer.kind === 'choice' ? (q.answer.options ?? []) : []) add(`${at}.options.${option.id}`, OPTION_TEXT, option.text);
    for (const hint of q.hints) for (const [key, field] of Object.entries(HINT_TEXTS)) add(`${at}.hints.${hint.id}.${key}`, field, hint[key as keyof typeof HINT_TEXTS]);
    const says = (q.then ?? []).flatMap((rule) => rule.do.flatMap((action) => ('say' in action && typeof action.say === 'string' ? [action.say] : [])));
    says.forEach((text, i) => add(`${at}.say.${i}`, SAY_TEXT, text));
  }
  return texts;
}

/** The translation's text at a game text's path ('' when it has none). */
export function translatedText(translation: Translation | undefined, path: string): string {
  let value: unknown = translation;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' ? value : '';
}

/** How far a translation is: of the original's texts, how many it has, and the paths of those it lacks ("English: 37 of 41 texts"). */
export function translationCoverage(content: TextsOfContent, translation: Translation | undefined): { total: number; done: number; missing: string[] } {
  const texts = gameTexts(content);
  const missing = texts.filter((text) => !saysSomething(translatedText(translation, text.path))).map((text) => text.path);
  return { total: texts.length, done: texts.length - missing.length, missing };
}

/** A table's rich texts of one object mapped by `map`; its other fields as they are. */
function mapRichOf<T extends object>(texts: T, table: Record<string, TextField>, map: (html: string) => string): T {
  const out = { ...texts } as Record<string, unknown>;
  for (const [key, field] of Object.entries(table)) if (field.kind === 'rich' && typeof out[key] === 'string') out[key] = map(out[key]);
  return out as T;
}

type RichTextsOfGame = {
  introPage: object;
  gameoverPage: object;
  questions: ReadonlyArray<{ answer: object; hints: readonly object[] }>;
  translations?: Partial<Record<string, Translation>> | undefined;
};

/**
 * The game with every rich text (as the field tables mark them), in the original and in each
 * translation, mapped by `map`: how the server cleans what it stores, whatever field is added.
 */
export function mapRichTexts<G extends RichTextsOfGame>(game: G, map: (html: string) => string): G {
  const translations = game.translations && Object.fromEntries(
    Object.entries(game.translations).map(([language, translation]) => [language, translation && mapRichTranslation(translation, map)]),
  );
  return {
    ...game,
    introPage: mapRichOf(game.introPage, PAGE_TEXTS, map),
    gameoverPage: mapRichOf(game.gameoverPage, PAGE_TEXTS, map),
    questions: game.questions.map((question) => ({
      ...mapRichOf(question, QUESTION_TEXTS, map),
      answer: mapRichOf(question.answer, ANSWER_TEXTS, map),
      hints: question.hints.map((hint) => mapRichOf(hint, HINT_TEXTS, map)),
    })),
    ...(translations && { translations }),
  };
}

function mapRichTranslation(translation: Translation, map: (html: string) => string): Translation {
  return {
    ...translation,
    ...(translation.introPage && { introPage: mapRichOf(translation.introPage, PAGE_TEXTS, map) }),
    ...(translation.gameoverPage && { gameoverPage: mapRichOf(translation.gameoverPage, PAGE_TEXTS, map) }),
    ...(translation.questions && {
      questions: Object.fromEntries(
        Object.entries(translation.questions).map(([id, question]) => [
          id,
          {
            ...mapRichOf(question, QUESTION_TEXTS, map),
            ...(question.answer && { answer: mapRichOf(question.answer, ANSWER_TEXTS, map) }),
            ...(question.hints && { hints: Object.fromEntries(Object.entries(question.hints).map(([hintId, hint]) => [hintId, mapRichOf(hint, HINT_TEXTS, map)])) }),
          },
        ]),
      ),
    }),
  };
}

/** An object's texts as a table names them (those it has), and nothing else: what a reply or an edit copies. */
export function textsIn<T extends object, Table extends Record<string, TextField>>(source: T, table: Table): Pick<T, keyof Table & keyof T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(table)) {
    const text = (source as Record<string, unknown>)[key];
    if (text !== undefined) out[key] = text;
  }
  return out as Pick<T, keyof Table & keyof T>;
}
