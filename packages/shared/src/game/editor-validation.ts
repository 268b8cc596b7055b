import { isAnswerKind } from '../content/answer-model.ts';
import { ANSWER_KIND_REGISTRY } from '../content/answer-registry.ts';
import type { GameLocation } from '../schemas/game.ts';
import { replaceTags } from '../content/linear-text.ts';
import { MIN_GAME_PRICE } from './price.ts';
import { checkFlow, type FlowProblem, type FlowQuestion } from '../content/flow.ts';

/**
 * The editor's validation before send to approval (spec section 5), run by the editor to show the
 * errors and by the server to refuse the same game: one function, so both always agree.
 */

/** The flow checker's problems (content/flow.ts checkFlow), on the question that carries them. */
export const FLOW_VALIDATION_ERRORS = ['missing-question', 'missing-option', 'unset-flag', 'unreachable', 'end-unreachable', 'circular'] as const satisfies ReadonlyArray<FlowProblem['code']>;
export const VALIDATION_ERRORS = ['required', 'minimun', ...FLOW_VALIDATION_ERRORS] as const;
/** `minimun` is the spec's spelling of the key (ge.validation.minimun.price). */
export type ValidationErrorKind = (typeof VALIDATION_ERRORS)[number];

/** What each error is about; with the error it makes the message key `ge.validation.{error}.{field}`. */
export const VALIDATION_FIELDS = [
  'name',
  'locationCity',
  'locationText',
  'price',
  'groupPrice',
  'currencyCode',
  'language',
  'map',
  'location',
  'introPage',
  'questions',
  'questionContent',
  'questionLocation',
  'answerValue',
  'optionText',
  'optionCorrect',
  'hintContent',
  'gameoverPage',
  /** A question's flow (its condition or its rules), with one of FLOW_VALIDATION_ERRORS. */
  'questionFlow',
] as const;
export type ValidationField = (typeof VALIDATION_FIELDS)[number];

export type GameValidationError = {
  error: ValidationErrorKind;
  field: ValidationField;
  /** Where in the game: `metadata.name`, `questions.0.hints.1.content` (0-based, as in the JSON). */
  path: string;
  /** 1-based, for the message: question n, hint m, option m. */
  question?: number;
  hint?: number;
  option?: number;
  /** A flow problem's subject: the question id, option (`question:option`) or flag it names. */
  detail?: string;
  /** English, for API replies and logs; the editor shows the translated key instead. */
  message: string;
};

/** The parts of a game the validation reads (a saved game, or the editor's working copy). */
export type ValidatedGame = {
  metadata: {
    order?: 'linear' | 'free' | undefined;
    name?: unknown;
    locationCity?: unknown;
    locationText?: unknown;
    price?: unknown;
    groupPrice?: unknown;
    currencyCode?: unknown;
    language?: unknown;
    map?: unknown;
    location?: GameLocation | null;
  };
  introPage?: { content?: unknown };
  questions?: {
    id?: string;
    when?: FlowQuestion['when'];
    then?: FlowQuestion['then'];
    content?: unknown;
    location?: GameLocation | null;
    answer?: { kind?: unknown; value?: unknown; options?: ReadonlyArray<{ id?: string; text?: unknown; correct?: unknown }> };
    hints?: { content?: unknown }[];
  }[];
  gameoverPage?: { content?: unknown };
};

/** Below this many characters, HTML with no visible text renders empty (spec section 9). */
const EMPTY_CONTENT_LENGTH = 15;

const MEDIA_TAG = /<(img|video|audio|iframe|source)\b/i;

/** The text a reader would see in HTML: tags dropped, entities for spaces read as spaces. */
export function visibleText(html: string): string {
  return replaceTags(html, ' ')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .replace(/[\s\u200e\u200f]+/g, ' ')
    .trim();
}

/**
 * Empty content (spec sections 5 and 9): no value, or under 15 characters with no visible text.
 * Longer HTML with neither visible text nor a picture or video (`<p></p><p></p><p></p>`) is empty too.
 */
export function isEmptyContent(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return true;
  if (visibleText(value) !== '') return false;
  return value.length < EMPTY_CONTENT_LENGTH || !MEDIA_TAG.test(value);
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const MESSAGES: Record<ValidationField, string> = {
  name: 'The game needs a name',
  locationCity: 'The game needs a city',
  locationText: 'The game needs a starting place description',
  price: 'The game needs a price',
  groupPrice: 'The price per team of an event needs a number',
  currencyCode: 'The game needs a currency',
  language: 'The game needs a language',
  map: 'Say whether the game has a map',
  location: 'With the map on, the game needs a start location',
  introPage: 'The intro page needs content',
  questions: 'The game needs at least one question',
  questionContent: 'Question {question} needs content',
  questionLocation: 'With the map on, question {question} needs a location',
  answerValue: 'Question {question} needs an answer',
  optionText: 'Option {option} of question {question} needs a text',
  optionCorrect: 'Question {question} needs a correct option',
  hintContent: 'Hint {hint} of question {question} needs content',
  gameoverPage: 'The game over page needs content',
  questionFlow: 'Question {question}',
};

const FLOW_MESSAGES: Record<FlowProblem['code'], string> = {
  'missing-question': 'its condition names a question the game does not have',
  'missing-option': 'a condition or rule names an option its question does not have',
  'unset-flag': 'its condition waits for a flag no rule sets',
  unreachable: 'no path of the game reaches it',
  'end-unreachable': 'its end is on no path of the game',
  circular: 'it waits for a question that waits for it',
};

/**
 * The flow checker's problems as validation errors, on the question that carries each (a flow that
 * cannot work may be saved in a draft, not sent to approval). Questions without ids (a game from
 * before ids) have no flow to check.
 */
function flowErrors(game: ValidatedGame): GameValidationError[] {
  const questions = game.questions ?? [];
  if (!questions.some((q) => q.when || q.then)) return [];
  const flowQuestions: FlowQuestion[] = questions.map((q, i) => ({
    id: q.id ?? `#${i}`,
    when: q.when,
    then: q.then,
    answer: { kind: String(q.answer?.kind ?? 'text'), options: (q.answer?.options ?? []).map((o) => ({ id: String(o.id) })) },
  }));
  const position = new Map(flowQuestions.map((q, i) => [q.id, i] as const));
  return checkFlow(flowQuestions, game.metadata?.order).map((problem) => {
    const q = position.get(problem.question) ?? 0;
    const message = `Question ${q + 1}: ${FLOW_MESSAGES[problem.code]}${problem.detail ? ` (${problem.detail})` : ''}`;
    return { error: problem.code, field: 'questionFlow', path: `questions.${q}.when`, question: q + 1, ...(problem.detail !== undefined && { detail: problem.detail }), message };
  });
}

function issue(error: ValidationErrorKind, field: ValidationField, path: string, question?: number, hint?: number, option?: number): GameValidationError {
  const message =
    error === 'minimun'
      ? `${field === 'groupPrice' ? 'The price per team of an event' : 'The price'} must be at least ${MIN_GAME_PRICE}`
      : MESSAGES[field].replace('{question}', String(question)).replace('{hint}', String(hint)).replace('{option}', String(option));
  return {
    error,
    field,
    path,
    ...(question !== undefined && { question }),
    ...(hint !== undefined && { hint }),
    ...(option !== undefined && { option }),
    message,
  };
}

/**
 * An event is sold per team at this price (times its teams): the same minimum holds per team, so a
 * 200-team event cannot be sold for 2 shekels. Checked on its own too, by every save of a game that
 * is already past the approval check (an admin editing a published game), not only when sent.
 */
export function groupPriceError(metadata: Pick<ValidatedGame['metadata'], 'groupPrice'>): GameValidationError | null {
  const { groupPrice } = metadata;
  return !isBlank(groupPrice) && !(Number(groupPrice) >= MIN_GAME_PRICE) ? issue('minimun', 'groupPrice', 'metadata.groupPrice') : null;
}

type ValidatedQuestion = NonNullable<ValidatedGame['questions']>[number];

/** The answer's errors, by its kind. */
function answerErrors(answer: ValidatedQuestion['answer'], q: number): GameValidationError[] {
  const n = q + 1;
  // Absent (written before the kinds), or a kind the save refuses (so never sent to approval): checked as a text.
  const written = answer?.kind;
  const kind = isAnswerKind(written) ? written : 'text';
  return ANSWER_KIND_REGISTRY[kind].missing(answer ?? {}).map(({ field, path, option }) =>
    issue('required', field, `questions.${q}.answer.${path}`, n, undefined, option === undefined ? undefined : option + 1),
  );
}

/** Every error of the game, in the order the editor's tree shows them (spec section 5); [] when it may go to approval. */
export function validateGame(game: ValidatedGame): GameValidationError[] {
  const errors: GameValidationError[] = [];
  const m = game.metadata ?? {};
  if (isBlank(m.name)) errors.push(issue('required', 'name', 'metadata.name'));
  if (isBlank(m.locationCity)) errors.push(issue('required', 'locationCity', 'metadata.locationCity'));
  if (isBlank(m.locationText)) errors.push(issue('required', 'locationText', 'metadata.locationText'));
  if (isBlank(m.price)) errors.push(issue('required', 'price', 'metadata.price'));
  else if (!(Number(m.price) >= MIN_GAME_PRICE)) errors.push(issue('minimun', 'price', 'metadata.price'));
  const perTeam = groupPriceError(m);
  if (perTeam) errors.push(perTeam);
  if (isBlank(m.currencyCode)) errors.push(issue('required', 'currencyCode', 'metadata.currencyCode'));
  if (isBlank(m.language)) errors.push(issue('required', 'language', 'metadata.language'));
  if (typeof m.map !== 'boolean') errors.push(issue('required', 'map', 'metadata.map'));
  const withMap = m.map === true;
  if (withMap && !m.location) errors.push(issue('required', 'location', 'metadata.location'));
  if (isEmptyContent(game.introPage?.content)) errors.push(issue('required', 'introPage', 'introPage.content'));
  const questions = game.questions ?? [];
  if (questions.length === 0) errors.push(issue('required', 'questions', 'questions'));
  questions.forEach((question, q) => {
    const n = q + 1;
    if (isEmptyContent(question.content)) errors.push(issue('required', 'questionContent', `questions.${q}.content`, n));
    if (withMap && !question.location) errors.push(issue('required', 'questionLocation', `questions.${q}.location`, n));
    errors.push(...answerErrors(question.answer, q));
    (question.hints ?? []).forEach((hint, h) => {
      if (isEmptyContent(hint.content)) errors.push(issue('required', 'hintContent', `questions.${q}.hints.${h}.content`, n, h + 1));
    });
  });
  errors.push(...flowErrors(game));
  if (isEmptyContent(game.gameoverPage?.content)) errors.push(issue('required', 'gameoverPage', 'gameoverPage.content'));
  return errors;
}
