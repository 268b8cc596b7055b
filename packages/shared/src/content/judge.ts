import { acceptedAnswers, hashAnswer, isAcceptedAnswer, matchesAnswerHashes, normalizeAnswer, writtenAnswers } from '../game/answer.ts';
import { isChoiceCorrect, isNumberAnswerCorrect, parseNumberAnswer, withinOneTypo } from '../game/answer-kinds.ts';
import { unreachable, type Answer, type ReplyAnswer } from './answer-model.ts';
import { MAX_ACCEPTED_ANSWERS, MAX_HASHED_NUMBERS, MAX_NUMBER_DECIMALS } from './limits.ts';

/**
 * Judging an answer, one function per side for every kind: the server's (`judgeAnswer`, which has the
 * answers) and the phone's (`judgeOnPhone`, which has only the salted hashes `phoneAnswerOf` made,
 * offline too). What the player sends: a text as typed, a number as typed, a choice's option id,
 * nothing for an information stop.
 */

/** 'not-this-kind': what was sent cannot be an answer of this kind (no number, no such option). */
export type Verdict = 'right' | 'wrong' | 'not-this-kind';

export function judgeAnswer(answer: Answer, sent: string | undefined): Verdict {
  switch (answer.kind) {
    case 'text':
      if (sent === undefined) return 'not-this-kind';
      return (answer.lenient ? withinOneTypo(answer.value, sent) : isAcceptedAnswer(answer.value, sent)) ? 'right' : 'wrong';
    case 'number':
      if (sent === undefined || parseNumberAnswer(sent) === null) return 'not-this-kind';
      return answer.value !== '' && isNumberAnswerCorrect(sent, { value: answer.value, tolerance: answer.tolerance }) ? 'right' : 'wrong';
    case 'choice':
      if (sent === undefined || !answer.options.some((option) => option.id === sent)) return 'not-this-kind';
      return isChoiceCorrect(sent, answer.options) ? 'right' : 'wrong';
    case 'none':
      return 'right';
    case 'photo':
      // A photo is judged by a person, and arrives through its own upload: no typed answer is one.
      return 'not-this-kind';
    default:
      return unreachable(answer);
  }
}

/** What the player is shown after skipping: the first accepted answer, the number, the correct options. */
export function solutionOf(answer: Answer): string {
  switch (answer.kind) {
    case 'text':
      return writtenAnswers(answer.value)[0] ?? '';
    case 'number':
      if (answer.value === '') return '';
      return answer.tolerance > 0 ? `${answer.value} ± ${answer.tolerance}` : String(answer.value);
    case 'choice':
      return answer.options
        .filter((option) => option.correct)
        .map((option) => option.text)
        .join(', ');
    case 'none':
    case 'photo':
      return '';
    default:
      return unreachable(answer);
  }
}

/** Decimals of a number as written by JavaScript; Infinity for one written with an exponent. */
function decimalsOf(n: number): number {
  const text = String(n);
  if (/e/i.test(text)) return Infinity;
  return text.split('.')[1]?.length ?? 0;
}

const numberKey = (n: number) => `n:${String(n + 0)}`;
const optionKey = (id: string) => `o:${id}`;

/** The phone's part of an answer: the salted hashes of what is right, and whether a miss must be asked of the server. */
export type PhoneAnswer = { hashes: string[]; askServer?: true; decimals?: number };

export function phoneAnswerOf(answer: Answer, salt: string): PhoneAnswer {
  switch (answer.kind) {
    case 'text': {
      const hashes = acceptedAnswers(answer.value)
        .slice(0, MAX_ACCEPTED_ANSWERS)
        .map((accepted) => hashAnswer(salt, accepted));
      // A typo is one of countless texts: the phone knows the exact answers, the server the rest.
      return answer.lenient ? { hashes, askServer: true } : { hashes };
    }
    case 'number': {
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
    }
    case 'choice':
      return { hashes: answer.options.filter((option) => option.correct).map((option) => hashAnswer(salt, optionKey(option.id))) };
    case 'none':
    case 'photo':
      return { hashes: [] };
    default:
      return unreachable(answer);
  }
}

/**
 * The phone's verdict from a reply's answer: 'right' and 'wrong' at once, offline too; 'ask' when only
 * the server can say (a lenient text's typo, a number off the hashed precision or in a range too wide
 * to hash), so the phone sends it, or queues it offline, and says so.
 */
export function judgeOnPhone(answer: ReplyAnswer, sent: string): 'right' | 'wrong' | 'ask' {
  const kind = answer.kind ?? 'text';
  switch (kind) {
    case 'text':
      if (matchesAnswerHashes(answer.salt, answer.hashes, sent)) return 'right';
      return answer.askServer && normalizeAnswer(sent) !== '' ? 'ask' : 'wrong';
    case 'number': {
      const typed = parseNumberAnswer(sent);
      if (typed === null) return 'wrong';
      if (answer.hashes.includes(hashAnswer(answer.salt, numberKey(typed)))) return 'right';
      // Between the hashed steps (120.5 in 120 ± 5 written in whole numbers): in the range or not, the server says.
      const offStep = answer.decimals !== undefined && Number(typed.toFixed(answer.decimals)) !== typed;
      return answer.askServer || offStep ? 'ask' : 'wrong';
    }
    case 'choice':
      if (answer.hashes.includes(hashAnswer(answer.salt, optionKey(sent)))) return 'right';
      return answer.askServer ? 'ask' : 'wrong';
    case 'none':
      return 'right';
    case 'photo':
      return 'wrong';
    default:
      return unreachable(kind);
  }
}
