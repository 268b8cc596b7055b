import { judgeOnPhone, type PlayerQuestion, type QuestionStatus } from '@streethunt/shared';
import { QuestionView } from '../../ui/game/question-view.tsx';
import { usePlay } from './play-context.tsx';
import { ReportProblem } from './report-problem.tsx';

/**
 * The current question of the play: the shared question view, its actions sent as progress changes,
 * each naming the question's id (the server refuses one meant for another question of the version).
 */
export function PlayQuestion({ index, question, status }: { index: number; question: PlayerQuestion; status: QuestionStatus | null }) {
  const { session, snapshot } = usePlay();
  const state = snapshot.progress?.questions[index];
  const setStatus = (questionStatus: QuestionStatus, answer?: string) =>
    session.change({ action: 'set-question-status', questionIndex: index, questionId: question.id, questionStatus, ...(answer !== undefined && { answer }) });
  return (
    <QuestionView
      index={index}
      question={question}
      status={status}
      hintStates={state?.hints ?? []}
      solution={state?.solution}
      onOpenHint={(hintIndex) => session.change({ action: 'show-question-hint', questionIndex: index, questionId: question.id, hintIndex })}
      judge={(sent) => judgeOnPhone(question.answer, sent)}
      onAnswered={(sent) => setStatus('ANSWERED', sent)}
      onAsk={(sent) => session.judgeOnServer({ action: 'set-question-status', questionIndex: index, questionId: question.id, questionStatus: 'ANSWERED', answer: sent })}
      onSkip={() => setStatus('SOLUTION')}
      onContinue={(next) => setStatus(next)}
      report={<ReportProblem index={index} />}
    />
  );
}
