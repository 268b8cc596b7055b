import type { ProgressRefusal, QuestionStatus } from '@streethunt/shared';
import { badRequest, conflict, type AppError } from '../../platform/errors.ts';

const describeStatus = (status: QuestionStatus | null) => status ?? 'not started';

/** The error reply for a change the shared progress rules refuse: an index the game lacks is a 400, a move the play cannot make a 409. */
export function progressRefusalError(refusal: ProgressRefusal): AppError {
  switch (refusal.reason) {
    case 'no-question':
      return badRequest(`questionIndex ${refusal.questionIndex} is out of range: the game has ${refusal.questionCount} questions`);
    case 'no-hint':
      return badRequest(`hintIndex ${refusal.hintIndex} is out of range: question ${refusal.questionIndex + 1} has ${refusal.hintCount} hints`);
    case 'bad-move':
      return conflict(`Question ${refusal.questionIndex + 1} cannot move from ${describeStatus(refusal.from)} to ${refusal.to}`);
    case 'question-open':
      return conflict(`Question ${refusal.questionIndex + 1} is still open: the game ends when every question is done or skipped`);
  }
}
