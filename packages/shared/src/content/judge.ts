import { ANSWER_KIND_REGISTRY, answerKindEntry } from './answer-registry.ts';
import type { Answer, ReplyAnswer } from './answer-model.ts';

/**
 * Judging an answer, one function per side for every kind: the server's (`judgeAnswer`, which has the
 * answers) and the phone's (`judgeOnPhone`, which has only the salted hashes `phoneAnswerOf` made,
 * offline too). What the player sends: a text as typed, a number as typed, a choice's option id,
 * nothing for an information stop. Each kind's rule is its entry in ANSWER_KIND_REGISTRY.
 */

/** 'not-this-kind': what was sent cannot be an answer of this kind (no number, no such option). */
export type Verdict = 'right' | 'wrong' | 'not-this-kind';

export function judgeAnswer(answer: Answer, sent: string | undefined): Verdict {
  return answerKindEntry(answer).judge(answer, sent);
}

/** What the player is shown after skipping: the first accepted answer, the number, the correct options. */
export function solutionOf(answer: Answer): string {
  return answerKindEntry(answer).solution(answer);
}

/** The phone's part of an answer: the salted hashes of what is right, and whether a miss must be asked of the server. */
export type PhoneAnswer = { hashes: string[]; askServer?: true; decimals?: number };

export function phoneAnswerOf(answer: Answer, salt: string): PhoneAnswer {
  return answerKindEntry(answer).phoneAnswer(answer, salt);
}

/**
 * The phone's verdict from a reply's answer: 'right' and 'wrong' at once, offline too; 'ask' when only
 * the server can say (a lenient text's typo, a number off the hashed precision or in a range too wide
 * to hash), so the phone sends it, or queues it offline, and says so.
 */
export function judgeOnPhone(answer: ReplyAnswer, sent: string): 'right' | 'wrong' | 'ask' {
  // A reply cached before the kinds has none: a text.
  return ANSWER_KIND_REGISTRY[answer.kind ?? 'text'].judgeOnPhone(answer, sent);
}
