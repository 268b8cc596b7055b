import { computeScore, questionTransition, type Progress, type QuestionStatus } from '@streethunt/shared';

/** A progress change the player made, as it waits in the queue (the game-progress call without its code). */
export type ProgressChange =
  | { action: 'set-question-status'; questionIndex: number; questionStatus: QuestionStatus; answer?: string }
  | { action: 'show-question-hint'; questionIndex: number; hintIndex: number }
  | { action: 'set-end-time' };

/** How far along a status is; the server never moves a question to a lower stage (DESIGN.md section 4). */
const STAGE: Record<QuestionStatus, number> = { STARTED: 1, ANSWERED: 2, SOLUTION: 2, DONE: 3, SKIPPED: 3 };
const stageOf = (status: QuestionStatus | null | undefined) => (status ? STAGE[status] : 0);

/** Whether applying the change would change anything: a replayed or impossible change is not sent. */
export function changes(progress: Progress, change: ProgressChange): boolean {
  switch (change.action) {
    case 'set-question-status': {
      const question = progress.questions[change.questionIndex];
      return Boolean(question) && questionTransition(question.status, change.questionStatus) === 'advance';
    }
    case 'show-question-hint': {
      const hint = progress.questions[change.questionIndex]?.hints[change.hintIndex];
      return Boolean(hint) && !hint.isOpen;
    }
    case 'set-end-time':
      return progress.endTime === null;
  }
}

/**
 * The change as the server will apply it (the same state machine), so the screen moves at once,
 * offline too. A change the state machine refuses leaves the progress as it is.
 */
export function applyChange(progress: Progress, change: ProgressChange, now: Date = new Date()): Progress {
  if (!changes(progress, change)) return progress;
  let next: Progress;
  switch (change.action) {
    case 'set-question-status':
      next = {
        ...progress,
        questions: progress.questions.map((q, i) => (i === change.questionIndex ? { ...q, status: change.questionStatus } : q)),
      };
      break;
    case 'show-question-hint':
      next = {
        ...progress,
        questions: progress.questions.map((q, i) =>
          i === change.questionIndex ? { ...q, hints: q.hints.map((h, j) => (j === change.hintIndex ? { isOpen: true } : h)) } : q,
        ),
      };
      break;
    case 'set-end-time':
      next = { ...progress, endTime: now.toISOString() };
      break;
  }
  return { ...next, lastUpdate: now.toISOString(), score: computeScore(next, now) };
}

/** Applies changes in order, each at the time it was made (`at`), else at `now`. */
export function applyChanges(progress: Progress, list: ReadonlyArray<ProgressChange & { at?: string }>, now: Date = new Date()): Progress {
  return list.reduce((current, change) => applyChange(current, change, change.at ? new Date(change.at) : now), progress);
}

/**
 * Folds a progress the server sent (a reply, a socket event, possibly late) into the one we hold. The
 * server is the truth, but a late message must never move a question backwards or close a hint: per
 * question the further stage wins (on the same stage, the incoming one), hints stay open once open.
 */
export function mergeProgress(local: Progress | null, incoming: Progress): Progress {
  if (!local || local.game_id !== incoming.game_id || local.game_secret !== incoming.game_secret) return incoming;
  const newer = incoming.lastUpdate >= local.lastUpdate;
  const questions = incoming.questions.map((theirs, i) => {
    const ours = local.questions[i];
    if (!ours) return theirs;
    const status = stageOf(ours.status) > stageOf(theirs.status) ? ours.status : theirs.status;
    const hints = theirs.hints.map((hint, j) => ({ isOpen: hint.isOpen || Boolean(ours.hints[j]?.isOpen) }));
    const solution = theirs.solution ?? ours.solution;
    return solution === undefined ? { status, hints } : { status, hints, solution };
  });
  return {
    ...(newer ? incoming : local),
    startTime: incoming.startTime ?? local.startTime,
    endTime: incoming.endTime ?? local.endTime,
    lastUpdate: newer ? incoming.lastUpdate : local.lastUpdate,
    questions,
    score: newer ? incoming.score : local.score,
  };
}
