import { LANGUAGES, type Language } from '../constants.ts';
import { acceptedAnswersError } from '../game/answer.ts';
import type { GameContent } from '../schemas/game.ts';
import { ANSWER_TEXTS, HINT_TEXTS, METADATA_TEXTS, PAGE_TEXTS, QUESTION_TEXTS, TRANSLATED_MEDIA, gameTexts, saysSomething, translationCoverage, type TextField, type Translation } from './text-fields.ts';

/*
 * A game in one more language (DESIGN.md section 13): the original stays in the spec's fields; a
 * translation holds the same texts by the same ids. These read a game in a language, say which
 * languages a game has, and check a translation's keys against the game it belongs to.
 */

type Translatable = Pick<GameContent, 'metadata' | 'introPage' | 'gameoverPage' | 'questions' | 'translations'>;

/** The languages a game is offered in: its original, then each translation that has every text the original has. */
export function gameLanguages(content: Translatable): Language[] {
  const original = content.metadata.language;
  const complete = LANGUAGES.filter((language) => {
    const translation = language === original ? undefined : content.translations?.[language];
    return translation !== undefined && translationCoverage(content, translation).missing.length === 0;
  });
  return [original, ...complete];
}

/** The text in the translation when it says something, else the original's. */
const either = (original: string, translated: string | undefined) => (saysSomething(translated) ? translated! : original);

/** An object with each of a table's texts taken from the translation where it has one (a text the original leaves out stays out). */
function overlay<T extends object>(original: T, translated: { readonly [key: string]: unknown } | undefined, table: Record<string, TextField>): T {
  if (!translated) return original;
  const out = { ...original } as Record<string, unknown>;
  for (const key of Object.keys(table)) {
    const text = out[key];
    const other = typeof translated[key] === 'string' ? translated[key] : undefined;
    if (typeof text === 'string') out[key] = either(text, other);
    else if (text === undefined && saysSomething(other)) out[key] = other;
  }
  return out as T;
}

/**
 * The game as a player reads it in `language`: every text the translation has, in place of the
 * original's, with the same ids (each entity's texts as its field table names them); `metadata.language`
 * is the reply's language and `originalLanguage` the game's. The original language (or one with no
 * translation) gives the game as it is.
 */
export function translatedContent<C extends Translatable>(content: C, language: Language): C {
  const original = content.metadata.language;
  const translation = language === original ? undefined : content.translations?.[language];
  if (!translation) return content;
  // A creator's recording is in the game's own language: a translation's text is no transcript of it, so it stays out.
  return {
    ...content,
    metadata: {
      ...overlay(withoutRecording(content.metadata), translation.metadata, METADATA_TEXTS),
      ...(translation.metadata?.coverImage && { coverImage: translation.metadata.coverImage }),
      language,
      originalLanguage: original,
    },
    introPage: overlay(content.introPage, translation.introPage, PAGE_TEXTS),
    gameoverPage: overlay(content.gameoverPage, translation.gameoverPage, PAGE_TEXTS),
    questions: content.questions.map((question) => {
      const texts = translation.questions?.[question.id];
      if (!texts) return { ...withoutRecording(question), hints: question.hints.map(withoutRecording) };
      const answer = overlay(question.answer, texts.answer, ANSWER_TEXTS);
      let say = 0;
      const then = question.then?.map((rule) => ({
        ...rule,
        do: rule.do.map((action) => ('say' in action ? { ...action, say: either(action.say, texts.say?.[say++]) } : action)),
      }));
      return {
        ...overlay(withoutRecording(question), texts, QUESTION_TEXTS),
        answer: answer.kind === 'choice' ? { ...answer, options: answer.options.map((option) => ({ ...option, text: either(option.text, texts.options?.[option.id]) })) } : answer,
        hints: question.hints.map((hint) => overlay(withoutRecording(hint), texts.hints?.[hint.id], HINT_TEXTS)),
        ...(then && { then }),
      };
    }),
  };
}

type TranslatableQuestion = Translatable['questions'][number];

/** An entity without its creator's recording (see translatedContent). */
function withoutRecording<T extends object>(entity: T): T {
  if (!('audio' in entity)) return entity;
  const { audio: _recording, ...rest } = entity as T & { audio?: unknown };
  return rest as T;
}

/** A question's answer with its accepted answers in every language the translations give (the original's first): a team is right in either. */
export function answerInEveryLanguage<Q extends TranslatableQuestion>(question: Q, translations: Translatable['translations']): Q['answer'] {
  if (question.answer.kind !== 'text' || !translations) return question.answer;
  const more = Object.values(translations).map((translation) => translation?.questions?.[question.id]?.answers ?? '').filter((value) => value.trim() !== '');
  return more.length === 0 ? question.answer : { ...question.answer, value: [question.answer.value, ...more].join(', ') };
}

/** The game with each text answer's accepted answers in every language it has: what the phone's hashes are made of. */
export function acceptingEveryLanguage<C extends Translatable>(content: C): C {
  if (!content.translations) return content;
  return { ...content, questions: content.questions.map((question) => ({ ...question, answer: answerInEveryLanguage(question, content.translations) })) };
}

/** A translation's problem: where (a path under `translations`) and what. */
export type TranslationError = { path: string; message: string };

/** Every path a translation's leaf may take: each text, the empty ones of the original too (a creator may translate ahead), and its own media. */
function knownPaths(content: Translatable): Set<string> {
  return new Set([...gameTexts(content, { withEmpty: true }).map((text) => text.path), ...TRANSLATED_MEDIA]);
}

function leaves(value: unknown, path: string, into: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') into.push([path, value]);
  else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, into);
  return into;
}

/**
 * What the save refuses in a game's translations beyond their shape (translationsSchema): one for
 * the game's own language, a key that is not one of the game's questions, hints or options (or a
 * text that question does not have), and accepted answers the save would refuse in the original.
 */
export function translationErrors(content: Translatable): TranslationError[] {
  const errors: TranslationError[] = [];
  const known = knownPaths(content);
  for (const [language, translation] of Object.entries(content.translations ?? {}) as Array<[Language, Translation | undefined]>) {
    if (!translation) continue;
    if (language === content.metadata.language) {
      errors.push({ path: `translations.${language}`, message: `the game is written in ${language}: its texts are the original, not a translation` });
      continue;
    }
    for (const [path, text] of leaves(translation, '', [])) {
      const at = `translations.${language}.${path}`;
      if (!known.has(path)) errors.push({ path: at, message: 'not a text of this game: no such question, hint or option, or a text it does not have' });
      else if (path.endsWith('.answers')) {
        const error = acceptedAnswersError(text);
        if (error) errors.push({ path: at, message: error });
      }
    }
  }
  return errors;
}

/**
 * The translations without the texts the game no longer has (a question, hint, option or rule line
 * deleted since): what the editor sends, and what a save keeps of the stored ones.
 */
export function withoutStaleTranslations<C extends Translatable>(content: C): C {
  if (!content.translations) return content;
  const known = knownPaths(content);
  const translations: Partial<Record<Language, Translation>> = {};
  for (const [language, translation] of Object.entries(content.translations) as Array<[Language, Translation | undefined]>) {
    if (!translation || language === content.metadata.language) continue;
    const kept: Record<string, unknown> = {};
    for (const [path, text] of leaves(translation, '', [])) if (known.has(path)) setAt(kept, path.split('.'), text);
    if (Object.keys(kept).length > 0) translations[language] = kept as Translation;
  }
  const { translations: _stale, ...rest } = content;
  return (Object.keys(translations).length > 0 ? { ...rest, translations } : rest) as C;
}

function setAt(target: Record<string, unknown>, [key, ...rest]: string[], text: string): void {
  if (rest.length === 0) {
    target[key!] = text;
    return;
  }
  // A rule's lines are a list: their keys are its positions.
  const inner = (target[key!] ??= /^\d+$/.test(rest[0]!) ? [] : {}) as Record<string, unknown>;
  setAt(inner, rest, text);
}

/**
 * The content with `metadata.languages` as the server computes it (only when the game has more than
 * one; absent, the original only) and no `originalLanguage` (a reply's, never stored).
 */
export function withComputedLanguages<C extends Translatable>(content: C): C {
  const { languages: _sent, originalLanguage: _reply, ...metadata } = content.metadata;
  const languages = gameLanguages(content);
  return { ...content, metadata: languages.length > 1 ? { ...metadata, languages } : metadata };
}

/** The language to write to someone about a game in: theirs when the game is offered in it, else the game's own. */
export function languageFor(metadata: { language: Language; languages?: Language[] | undefined }, theirs: Language): Language {
  return theirs === metadata.language || metadata.languages?.includes(theirs) ? theirs : metadata.language;
}

/** The game's name in `language`: a translation's when it has one, else the original's. */
export function gameNameIn(content: Pick<Translatable, 'metadata' | 'translations'>, language: Language): string {
  if (language === content.metadata.language) return content.metadata.name;
  return either(content.metadata.name, content.translations?.[language]?.metadata?.name);
}
