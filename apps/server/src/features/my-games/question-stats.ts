import { branchQuestions, playReach, type GameContent, type Progress, type QuestionStats } from '@streethunt/shared';

/** A play as the counts read it: its question states on the game's questions now, and its times. */
type CountedPlay = Pick<Progress, 'questions'> & { startTime: Date | null; endTime: Date | null };

/**
 * Per question, over the given plays: how many could reach it (began it, or may still: a play a branch
 * or the line took past it does not count), reached it (any status), answered it (ANSWERED or DONE),
 * skipped it (SOLUTION or SKIPPED), and opened at least one of its hints; and for a question whose
 * options lead different ways, how many plays took each.
 */
export function questionStats(content: Pick<GameContent, 'questions' | 'metadata'>, plays: readonly CountedPlay[], now: Date = new Date()): QuestionStats[] {
  const { questions, metadata } = content;
  const branches = branchQuestions(questions);
  const stats = questions.map((question): QuestionStats => {
    const options = branches.has(question.id) && question.answer.kind === 'choice' ? question.answer.options : null;
    return { couldReach: 0, reached: 0, answered: 0, skipped: 0, hintsOpened: 0, ...(options && { branches: options.map((o) => ({ option: o.id, text: o.text, plays: 0 })) }) };
  });
  for (const play of plays) {
    const reach = play.startTime ? playReach(questions, metadata.order, play, metadata.scoring, now) : [];
    play.questions.forEach((question, index) => {
      const counts = stats[index];
      if (!counts) return;
      if (reach[index] !== undefined && reach[index] !== 'passed') counts.couldReach++;
      if (question.status !== null) counts.reached++;
      if (question.status === 'ANSWERED' || question.status === 'DONE') counts.answered++;
      if (question.status === 'SOLUTION' || question.status === 'SKIPPED') counts.skipped++;
      if (question.hints.some((hint) => hint.isOpen)) counts.hintsOpened++;
      const branch = question.chose === undefined ? undefined : counts.branches?.find((b) => b.option === question.chose);
      if (branch) branch.plays++;
    });
  }
  return stats;
}
