import { answerKindEntry } from './answer-registry.ts';
import type { Answer, ReplyAnswer } from './answer-model.ts';
import type { PhoneAnswer } from './judge.ts';

/**
 * The answer as a game reply carries it: the phone's part (salt, hashes, whether to ask the server),
 * the texts, a choice's options without which are correct, and for the owner and admins (`forOwner`)
 * what they edit. The player's reply holds no accepted answer in plain text, of any kind.
 */
export function replyAnswerOf(answer: Answer, salt: string, phone: PhoneAnswer, forOwner: boolean): ReplyAnswer {
  const common = { kind: answer.kind, salt, ...phone, content: answer.content, contentAfterAnswer: answer.contentAfterAnswer };
  return answerKindEntry(answer).reply(answer, common, forOwner);
}

/** A text answer's comma list; '' for the other kinds (which have none). */
export const textAnswerValue = (answer: Answer): string => (answer.kind === 'text' ? answer.value : '');
