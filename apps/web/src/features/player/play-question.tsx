import { judgeOnPhone, playOutcomes, type PlayerQuestion, type QuestionStatus } from '@streethunt/shared';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnounceNew } from '../../ui/announcer/announcer.tsx';
import { QuestionView } from '../../ui/game/question-view.tsx';
import { gameKey } from './use-game.ts';
import { usePlay } from './play-context.tsx';
import { ReportProblem } from './report-problem.tsx';
import { addWrongTry, forgetWrongTries, wrongTries } from './wrong-tries.ts';
import { useTeamEventState } from './use-team-event-state.ts';
import { withAllStyles } from '../../ui/all-styles.ts';

// The camera, the phone's shrinking and the photo queue load only on a photo question.
const PhotoStep = lazy(withAllStyles(() => import('./photo/photo-step.tsx')));

/**
 * The current question of the play: the shared question view, its actions sent as progress changes,
 * each naming the question's id (the server refuses one meant for another question of the version).
 * In a game that takes points off for a wrong attempt, the phone counts its wrong attempts and the
 * answer or the skip carries the count.
 */
export function PlayQuestion({ index, question, status }: { index: number; question: PlayerQuestion; status: QuestionStatus | null }) {
  const { t } = useTranslation();
  const { game, session, snapshot, event } = usePlay();
  const inEvent = Boolean(useTeamEventState(event)?.view);
  const state = snapshot.progress?.questions[index];
  const code = snapshot.secret ?? '';
  const counted = (game.metadata.scoring?.wrongAttemptPenalty ?? 0) > 0;
  const queryClient = useQueryClient();
  const questions = game.questions;
  const progress = snapshot.progress;
  // What the question's rules said on its outcome: shown once, with the text after it, while the team is on it.
  const said = useMemo(() => (questions && progress ? (playOutcomes(questions, progress.questions).said[index] ?? []) : []), [questions, progress, index]);
  // An event's hint text comes from the server once the team opened it, and the text after an answer
  // once the answer is accepted (or the question skipped): while one shows none, the game is read again
  // after each change of the play the server confirms.
  const hintOnItsWay = question.hints.some((hint, i) => hint.sealed && state?.hints[i]?.isOpen);
  const afterOnItsWay = Boolean(question.answer.contentAfterAnswerSealed) && (status === 'ANSWERED' || status === 'SOLUTION');
  const textOnItsWay = hintOnItsWay || afterOnItsWay;
  const confirmed = snapshot.progress?.lastUpdate;
  // A hint opened (here, or by the team on another phone) is said once; those open when the question shows are not news.
  const hintNews = (state?.hints ?? []).flatMap((hint, hintIndex) =>
    hint.isOpen ? [{ key: `hint:${game._id}:${code}:${question.id}:${hintIndex}`, text: t('player.hints.opened', { label: question.hints[hintIndex]?.title?.trim() || t('player.hints.untitled', { n: hintIndex + 1 }) }) }] : [],
  );
  useAnnounceNew(hintNews);
  useEffect(() => {
    if (textOnItsWay && !snapshot.offline) void queryClient.invalidateQueries({ queryKey: gameKey(game._id, code) });
  }, [textOnItsWay, confirmed, snapshot.offline, queryClient, game._id, code]);
  /** The count of wrong attempts to send with an answer or a skip (none when the game does not count them). */
  const tries = () => {
    const count = counted ? wrongTries(game._id, code, question.id) : 0;
    return count > 0 ? { wrongAttempts: count } : {};
  };
  const setStatus = (questionStatus: QuestionStatus, answer?: string) => {
    const closing = questionStatus === 'ANSWERED' || questionStatus === 'SOLUTION';
    session.change({
      action: 'set-question-status',
      questionIndex: index,
      questionId: question.id,
      questionStatus,
      ...(answer !== undefined && { answer }),
      ...(closing && tries()),
    });
    // Queued with the move: the device need not keep it any longer.
    if (closing) forgetWrongTries(game._id, code, question.id);
  };
  return (
    <QuestionView
      index={index}
      question={question}
      status={status}
      hintStates={state?.hints ?? []}
      solution={state?.solution}
      solutionOnItsWay={!snapshot.offline}
      onOpenHint={(hintIndex) => session.change({ action: 'show-question-hint', questionIndex: index, questionId: question.id, hintIndex })}
      judge={(sent) => judgeOnPhone(question.answer, sent)}
      onAnswered={(sent) => setStatus('ANSWERED', sent)}
      onAsk={async (sent) => {
        const verdict = await session.judgeOnServer({
          action: 'set-question-status',
          questionIndex: index,
          questionId: question.id,
          questionStatus: 'ANSWERED',
          answer: sent,
          ...tries(),
        });
        if (verdict !== 'wrong') forgetWrongTries(game._id, code, question.id);
        return verdict;
      }}
      onWrong={() => {
        if (counted) addWrongTry(game._id, code, question.id);
      }}
      onSkip={() => setStatus('SOLUTION')}
      onContinue={(next) => setStatus(next)}
      report={<ReportProblem index={index} />}
      said={said}
      photoStep={
        question.answer.kind === 'photo' && (
          <Suspense fallback={<Loader size="sm" aria-hidden />}>
            <PhotoStep
              gameId={game._id}
              secretCode={code}
              {...(snapshot.grant && { grant: snapshot.grant })}
              questionId={question.id}
              {...(state?.photo && { photo: state.photo })}
              inEvent={inEvent}
              offline={snapshot.offline}
            />
          </Suspense>
        )
      }
    />
  );
}
