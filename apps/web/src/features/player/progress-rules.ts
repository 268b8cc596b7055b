import { applyProgressChange, computeScore, questionStage, type Progress, type ProgressChange } from '@streethunt/shared';

/** Whether applying the change would change anything: a replayed or refused change is not sent. */
export function changes(progress: Progress, change: ProgressChange): boolean {
  return applyProgressChange(progress, change, new Date().toISOString()).kind === 'next';
}

/**
 * The change as the server will apply it (the shared progress rules), so the screen moves at once,
 * offline too, with the score recomputed for display. A change the rules refuse, or one already
 * made, leaves the progress as it is.
 */
export function applyChange(progress: Progress, change: ProgressChange, now: Date = new Date()): Progress {
  const step = applyProgressChange(progress, change, now.toISOString());
  if (step.kind !== 'next') return progress;
  const next: Progress = { ...progress, ...step.state };
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
    const status = questionStage(ours.status) > questionStage(theirs.status) ? ours.status : theirs.status;
    const hints = theirs.hints.map((hint, j) => ({ isOpen: hint.isOpen || Boolean(ours.hints[j]?.isOpen) }));
    const solution = theirs.solution ?? ours.solution;
    const wrongAttempts = theirs.wrongAttempts ?? ours.wrongAttempts;
    // A photo's judgement is the server's alone: the newer word on it wins.
    const photo = newer ? (theirs.photo ?? ours.photo) : (ours.photo ?? theirs.photo);
    return {
      status,
      hints,
      ...(solution !== undefined && { solution }),
      ...(wrongAttempts !== undefined && { wrongAttempts }),
      ...(photo !== undefined && { photo }),
    };
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
