import type { ActivePlay, QuestionStatus } from '@streethunt/shared';

/** The statuses of a question the players answered themselves, and of one they gave up on. */
const ANSWERED: ReadonlySet<QuestionStatus> = new Set(['ANSWERED', 'DONE']);
const SKIPPED: ReadonlySet<QuestionStatus> = new Set(['SOLUTION', 'SKIPPED']);

/** A play's answered and skipped questions and opened hints, as the plays table shows them. */
export function playCounts(play: Pick<ActivePlay, 'questions'>) {
  let answered = 0;
  let skipped = 0;
  let hintsOpened = 0;
  for (const question of play.questions) {
    if (question.status && ANSWERED.has(question.status)) answered++;
    if (question.status && SKIPPED.has(question.status)) skipped++;
    hintsOpened += question.hints.filter((hint) => hint.isOpen).length;
  }
  return { answered, skipped, hintsOpened };
}
