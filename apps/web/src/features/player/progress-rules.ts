import { applyProgressChange, computeScore, questionStage, type Progress, type ProgressChange, type ScoringRules } from '@streethunt/shared';

type PlayedQuestion = Progress['questions'][number];

/**
 * What the game's flow adds to the phone's changes (play-flow.ts flowEngine): which question keeps the
 * play from ending, and the points its rules gave. Handed in by the pages that play, so the flow module
 * stays out of the first screen's JavaScript; without one a change is judged as the spec's.
 */
export type FlowEngine = {
  readonly questions: ReadonlyArray<{ answer?: { kind?: string | undefined } | undefined }>;
  readonly scoring?: ScoringRules | undefined;
  /** Whether any question carries a condition or rules (a game without shows the same with or without the engine). */
  readonly hasRules: boolean;
  keepingOpen(progress: Progress, now: Date): (questions: readonly PlayedQuestion[]) => number;
  withPoints(questions: readonly PlayedQuestion[]): PlayedQuestion[];
};

/** Whether applying the change would change anything: a replayed or refused change is not sent. */
export function changes(progress: Progress, change: ProgressChange, engine: FlowEngine | null = null): boolean {
  return step(progress, change, new Date(), engine).kind === 'next';
}

/** The shared rules, the end waiting on the game's flow when it is known. */
function step(progress: Progress, change: ProgressChange, now: Date, engine: FlowEngine | null) {
  return applyProgressChange(progress, change, now.toISOString(), engine?.keepingOpen(progress, now));
}

/**
 * The change as the server will apply it (the shared progress rules and the game's flow), so the
 * screen moves at once, offline too: a choice answered right keeps its option (a branch follows it),
 * the rules' points and the score are worked out again. A change the rules refuse, or one already
 * made, leaves the progress as it is.
 */
export function applyChange(progress: Progress, change: ProgressChange, now: Date = new Date(), engine: FlowEngine | null = null): Progress {
  const result = step(progress, change, now, engine);
  if (result.kind !== 'next') return progress;
  let questions = result.state.questions;
  const question = change.action === 'set-question-status' ? engine?.questions[change.questionIndex] : undefined;
  if (change.action === 'set-question-status' && change.questionStatus === 'ANSWERED' && change.answer !== undefined && question?.answer?.kind === 'choice') {
    questions = questions.map((q, i) => (i === change.questionIndex ? { ...q, chose: change.answer } : q));
  }
  if (engine) questions = engine.withPoints(questions);
  const next: Progress = { ...progress, ...result.state, questions };
  const { flow: _stale, ...rest } = next;
  return { ...rest, lastUpdate: now.toISOString(), score: computeScore(next, now, engine?.scoring) };
}

/** Applies changes in order, each at the time it was made (`at`), else at `now`. */
export function applyChanges(progress: Progress, list: ReadonlyArray<ProgressChange & { at?: string }>, now: Date = new Date(), engine: FlowEngine | null = null): Progress {
  return list.reduce((current, change) => applyChange(current, change, change.at ? new Date(change.at) : now, engine), progress);
}

/**
 * The progress with what the game's rules gave worked out from its states, and the score with it: a
 * merge of the server's progress and this phone's may hold states neither had alone.
 */
export function settleRulePoints(progress: Progress, engine: FlowEngine | null, now: Date = new Date()): Progress {
  if (!engine) return progress;
  const questions = engine.withPoints(progress.questions);
  if (questions.every((q, i) => q === progress.questions[i])) return progress;
  return { ...progress, questions, score: computeScore({ ...progress, questions }, now, engine.scoring) };
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
    // The option the server took decides the branch (another phone of the team may have answered first).
    const chose = theirs.chose ?? ours.chose;
    // What the rules gave follows from the states: the session works it out again (settled below).
    const points = theirs.points;
    // A photo's judgement is the server's alone: the newer word on it wins.
    const photo = newer ? (theirs.photo ?? ours.photo) : (ours.photo ?? theirs.photo);
    return {
      status,
      hints,
      ...(solution !== undefined && { solution }),
      ...(wrongAttempts !== undefined && { wrongAttempts }),
      ...(photo !== undefined && { photo }),
      ...(chose !== undefined && { chose }),
      ...(points !== undefined && { points }),
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
