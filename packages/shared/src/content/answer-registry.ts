import { acceptedAnswers, hashAnswer, isAcceptedAnswer, matchesAnswerHashes, normalizeAnswer, writtenAnswers } from '../game/answer.ts';
import { isChoiceCorrect, isNumberAnswerCorrect, parseNumberAnswer, withinOneTypo } from '../game/answer-kinds.ts';
import { storedAnswerKinds, type Answer, type AnswerKind, type ReplyAnswer } from './answer-model.ts';
import { newContentId } from './ids.ts';
import type { PhoneAnswer, Verdict } from './judge.ts';
import { MAX_ACCEPTED_ANSWERS, MAX_HASHED_NUMBERS, MAX_NUMBER_DECIMALS } from './limits.ts';

/** The answer of one kind. */
export type AnswerOf<K extends AnswerKind> = Extract<Answer, { kind: K }>;

/** The texts every kind has, kept when an answer is read or turned into another kind. */
type Texts = Pick<Answer, 'content' | 'contentAfterAnswer'>;

/** A reply's part every kind carries: its kind, the phone's part and the texts. */
type ReplyCommon = Pick<ReplyAnswer, 'salt' | 'hashes' | 'askServer' | 'decimals' | 'content' | 'contentAfterAnswer'> & { kind: AnswerKind };

/** An answer in the stored shape or a reply's, every field optional but the texts: what a kind does not have reads as absent. */
export type EitherAnswer = Partial<Omit<ReplyAnswer, 'content' | 'contentAfterAnswer'>> & Texts;

/** What the check before approval reads of an answer (a saved one, or the editor's working copy). */
type CheckedAnswer = { value?: unknown; options?: ReadonlyArray<{ text?: unknown; correct?: unknown }> };

/** A field of the answer the creator has yet to fill in: which, and where under `answer.` (an option's 0-based index with it). */
type MissingAnswerField = { field: 'answerValue' | 'optionText' | 'optionCorrect'; path: string; option?: number };

/** Everything the platform does with an answer of one kind. */
export type AnswerKindEntry<K extends AnswerKind> = {
  /** The kind's answer as stored (its saved twin, strict and limited, is built beside it in answer-model.ts). */
  schema: (typeof storedAnswerKinds)[K];
  /** The server's verdict on what the player sent: a text as typed, a number as typed, an option's id, nothing for a stop. */
  judge(answer: AnswerOf<K>, sent: string | undefined): Verdict;
  /** What the phone keeps to judge offline: salted hashes of what is right, never the answer itself. */
  phoneAnswer(answer: AnswerOf<K>, salt: string): PhoneAnswer;
  /** The phone's verdict from the reply's answer; 'ask' when only the server can say. */
  judgeOnPhone(answer: ReplyAnswer, sent: string): 'right' | 'wrong' | 'ask';
  /** The reply's answer: no secret for a player; for the owner and admins (`forOwner`) what they edit too. */
  reply(answer: AnswerOf<K>, common: ReplyCommon, forOwner: boolean): ReplyAnswer;
  /** What the player is shown after skipping. */
  solution(answer: AnswerOf<K>): string;
  /** What judging reads of the answer (not its texts): a change of it renews the game's salt. */
  judged(answer: AnswerOf<K>): unknown[];
  /** The answer as the owner edits it, from the stored shape or a reply's. */
  editable(answer: EitherAnswer, texts: Texts): AnswerOf<K>;
  /** Another kind's answer turned into this one, its texts kept. */
  from(answer: Answer, texts: Texts): AnswerOf<K>;
  /** The fields the check before approval asks the creator to fill in. */
  missing(answer: CheckedAnswer): MissingAnswerField[];
  /** In an event the server judges it: the phone gets no hashes, nor the text after it before the answer is accepted. */
  sealedInEvents: boolean;
};

export type AnswerKindRegistry = { [K in AnswerKind]: AnswerKindEntry<K> };

/** Decimals of a number as written by JavaScript; Infinity for one written with an exponent. */
function decimalsOf(n: number): number {
  const text = String(n);
  if (/e/i.test(text)) return Infinity;
  return text.split('.')[1]?.length ?? 0;
}

const numberKey = (n: number) => `n:${String(n + 0)}`;
const optionKey = (id: string) => `o:${id}`;
const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export const emptyOption = (correct = false) => ({ id: newContentId(), text: '', correct });

/** Every answer kind, and everything done with it: one entry per kind, so a new kind is a type error until each part is written. */
export const ANSWER_KIND_REGISTRY: AnswerKindRegistry = {
  text: {
    schema: storedAnswerKinds.text,
    judge(answer, sent) {
      if (sent === undefined) return 'not-this-kind';
      return (answer.lenient ? withinOneTypo(answer.value, sent) : isAcceptedAnswer(answer.value, sent)) ? 'right' : 'wrong';
    },
    phoneAnswer(answer, salt) {
      const accepted = acceptedAnswers(answer.value);
      const hashes = accepted.slice(0, MAX_ACCEPTED_ANSWERS).map((one) => hashAnswer(salt, one));
      // A typo is one of countless texts, and answers past the cap (two languages' lists) are not
      // hashed: the phone knows the exact answers it has, the server the rest.
      return answer.lenient || accepted.length > MAX_ACCEPTED_ANSWERS ? { hashes, askServer: true } : { hashes };
    },
    judgeOnPhone(answer, sent) {
      if (matchesAnswerHashes(answer.salt, answer.hashes, sent)) return 'right';
      return answer.askServer && normalizeAnswer(sent) !== '' ? 'ask' : 'wrong';
    },
    reply: (answer, common, forOwner) => (forOwner ? { ...common, value: answer.value, ...(answer.lenient && { lenient: true }) } : common),
    solution: (answer) => writtenAnswers(answer.value)[0] ?? '',
    judged: (answer) => [answer.kind, answer.value, answer.lenient === true],
    editable(answer, texts) {
      const lenient = answer.lenient === true;
      return { kind: 'text', value: typeof answer.value === 'string' ? answer.value : '', ...(lenient && { lenient }), ...texts };
    },
    // A number's words stay, as text.
    from: (answer, texts) => ({ kind: 'text', value: answer.kind === 'number' ? String(answer.value) : '', ...texts }),
    missing: (answer) => (String(answer.value ?? '').replace(/[,\s]/g, '') === '' ? [{ field: 'answerValue', path: 'value' }] : []),
    sealedInEvents: true,
  },
  number: {
    schema: storedAnswerKinds.number,
    judge(answer, sent) {
      if (sent === undefined || parseNumberAnswer(sent) === null) return 'not-this-kind';
      return answer.value !== '' && isNumberAnswerCorrect(sent, { value: answer.value, tolerance: answer.tolerance }) ? 'right' : 'wrong';
    },
    phoneAnswer(answer, salt) {
      if (answer.value === '') return { hashes: [] };
      if (answer.tolerance === 0) return { hashes: [hashAnswer(salt, numberKey(answer.value))] };
      // Every number in the range at the precision the creator wrote, if few enough to hash.
      const decimals = Math.max(decimalsOf(answer.value), decimalsOf(answer.tolerance));
      if (decimals > MAX_NUMBER_DECIMALS) return { hashes: [], askServer: true };
      const scale = 10 ** decimals;
      const centre = Math.round(answer.value * scale);
      const reach = Math.round(answer.tolerance * scale);
      if (2 * reach + 1 > MAX_HASHED_NUMBERS) return { hashes: [], askServer: true };
      const hashes: string[] = [];
      for (let k = centre - reach; k <= centre + reach; k++) hashes.push(hashAnswer(salt, numberKey(Number((k / scale).toFixed(decimals)))));
      return { hashes, decimals };
    },
    judgeOnPhone(answer, sent) {
      const typed = parseNumberAnswer(sent);
      if (typed === null) return 'wrong';
      if (answer.hashes.includes(hashAnswer(answer.salt, numberKey(typed)))) return 'right';
      // Between the hashed steps (120.5 in 120 ± 5 written in whole numbers): in the range or not, the server says.
      const offStep = answer.decimals !== undefined && Number(typed.toFixed(answer.decimals)) !== typed;
      return answer.askServer || offStep ? 'ask' : 'wrong';
    },
    reply: (answer, common, forOwner) => (forOwner ? { ...common, value: answer.value, tolerance: answer.tolerance } : common),
    solution(answer) {
      if (answer.value === '') return '';
      return answer.tolerance > 0 ? `${answer.value} ± ${answer.tolerance}` : String(answer.value);
    },
    judged: (answer) => [answer.kind, answer.value, answer.tolerance],
    editable: (answer, texts) => ({ kind: 'number', value: typeof answer.value === 'number' ? answer.value : '', tolerance: answer.tolerance ?? 0, ...texts }),
    // A text's words stay when they read as a number.
    from(answer, texts) {
      const written = answer.kind === 'text' ? Number(answer.value.trim()) : NaN;
      return { kind: 'number', value: answer.kind === 'text' && answer.value.trim() !== '' && Number.isFinite(written) ? written : '', tolerance: 0, ...texts };
    },
    missing: (answer) => (typeof answer.value === 'number' ? [] : [{ field: 'answerValue', path: 'value' }]),
    sealedInEvents: true,
  },
  choice: {
    schema: storedAnswerKinds.choice,
    judge(answer, sent) {
      if (sent === undefined || !answer.options.some((option) => option.id === sent)) return 'not-this-kind';
      return isChoiceCorrect(sent, answer.options) ? 'right' : 'wrong';
    },
    phoneAnswer: (answer, salt) => ({ hashes: answer.options.filter((option) => option.correct).map((option) => hashAnswer(salt, optionKey(option.id))) }),
    judgeOnPhone(answer, sent) {
      if (answer.hashes.includes(hashAnswer(answer.salt, optionKey(sent)))) return 'right';
      return answer.askServer ? 'ask' : 'wrong';
    },
    // The options without which are right: the player picks among them.
    reply: (answer, common, forOwner) => ({ ...common, options: answer.options.map(({ id, text, correct }) => (forOwner ? { id, text, correct } : { id, text })) }),
    solution: (answer) =>
      answer.options
        .filter((option) => option.correct)
        .map((option) => option.text)
        .join(', '),
    judged: (answer) => [answer.kind, answer.options.map((option) => [option.id, option.correct])],
    editable: (answer, texts) => ({ kind: 'choice', options: (answer.options ?? []).map((o) => ({ id: o.id, text: o.text, correct: o.correct === true })), ...texts }),
    // Two empty options, the first marked right (a choice needs one).
    from: (_answer, texts) => ({ kind: 'choice', options: [emptyOption(true), emptyOption(false)], ...texts }),
    missing(answer) {
      const options = answer.options ?? [];
      const missing: MissingAnswerField[] = options.flatMap((option, o) => (isBlank(option.text) ? [{ field: 'optionText' as const, path: `options.${o}.text`, option: o }] : []));
      if (!options.some((option) => option.correct === true)) missing.push({ field: 'optionCorrect', path: 'options' });
      return missing;
    },
    sealedInEvents: true,
  },
  none: {
    schema: storedAnswerKinds.none,
    // Arriving (or 'continue') completes an information stop.
    judge: () => 'right',
    phoneAnswer: () => ({ hashes: [] }),
    judgeOnPhone: () => 'right',
    reply: (_answer, common) => common,
    solution: () => '',
    judged: (answer) => [answer.kind],
    editable: (_answer, texts) => ({ kind: 'none', ...texts }),
    from: (_answer, texts) => ({ kind: 'none', ...texts }),
    // Nothing to fill in.
    missing: () => [],
    // Nothing to judge nor to hide.
    sealedInEvents: false,
  },
  photo: {
    schema: storedAnswerKinds.photo,
    // A photo is judged by a person, and arrives through its own upload: no typed answer is one.
    judge: () => 'not-this-kind',
    phoneAnswer: () => ({ hashes: [] }),
    judgeOnPhone: () => 'wrong',
    // Who judges it outside events: the phone says whom it waits for.
    reply: (answer, common) => ({ ...common, judging: answer.judging }),
    solution: () => '',
    judged: (answer) => [answer.kind, answer.judging],
    editable: (answer, texts) => ({ kind: 'photo', judging: answer.judging ?? 'later', ...texts }),
    from: (_answer, texts) => ({ kind: 'photo', judging: 'later', ...texts }),
    // Nothing to fill in: a person judges it.
    missing: () => [],
    sealedInEvents: true,
  },
};

/** The entry of an answer's kind, typed for that answer (a lookup by a union's kind cannot be, without this). */
export function answerKindEntry<K extends AnswerKind>(answer: AnswerOf<K>): AnswerKindEntry<K> {
  return ANSWER_KIND_REGISTRY[answer.kind as K];
}
