import type { ActivePlay, QuestionStats } from '@streethunt/shared';

/**
 * Per question, over the given plays: how many reached it (any status), answered it (ANSWERED or
 * DONE), skipped it (SOLUTION or SKIPPED), and opened at least one of its hints.
 */
export function questionStats(questionCount: number, plays: ReadonlyArray<Pick<ActivePlay, 'questions'>>): QuestionStats[] {
  const stats = Array.from({ length: questionCount }, (): QuestionStats => ({ reached: 0, answered: 0, skipped: 0, hintsOpened: 0 }));
  for (const play of plays) {
    play.questions.forEach((question, index) => {
      const counts = stats[index];
      if (!counts) return;
      if (question.status !== null) counts.reached++;
      if (question.status === 'ANSWERED' || question.status === 'DONE') counts.answered++;
      if (question.status === 'SOLUTION' || question.status === 'SKIPPED') counts.skipped++;
      if (question.hints.some((hint) => hint.isOpen)) counts.hintsOpened++;
    });
  }
  return stats;
}
