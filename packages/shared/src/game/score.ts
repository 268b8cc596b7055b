import type { QuestionStatus } from './question-status.ts';

/** A done question's points; also what an accepted photo gets when its judge gives none. */
export const SCORE_PER_DONE_QUESTION = 100;
const SCORE_PER_OPENED_HINT = 10;

export type ScoredPlay = {
  startTime: string | Date | null;
  endTime: string | Date | null;
  questions: ReadonlyArray<{
    status?: QuestionStatus | null;
    hints: ReadonlyArray<{ isOpen: boolean }>;
    wrongAttempts?: number;
    /** A photo question's: it scores the points its judge gave, only once accepted. */
    photo?: { status: string; points?: number };
    /** What the question's flow rules gave (content/play-flow.ts), may be negative. */
    points?: number;
  }>;
};

/**
 * A game's scoring settings: points off per wrong attempt, and whether each minute played costs a
 * point. The spec's rules are the default (no penalty for a wrong attempt, time counts).
 */
export type ScoringRules = { wrongAttemptPenalty: number; timePenalty: boolean };
export const SPEC_SCORING: ScoringRules = { wrongAttemptPenalty: 0, timePenalty: true };

/** Whole minutes from start to end (or to `now` while playing). */
export function elapsedMinutes(play: Pick<ScoredPlay, 'startTime' | 'endTime'>, now: Date = new Date()): number {
  if (!play.startTime) return 0;
  const start = new Date(play.startTime).getTime();
  const end = play.endTime ? new Date(play.endTime).getTime() : now.getTime();
  return Math.max(0, Math.floor((end - start) / 60_000));
}

/**
 * What became of one question, the one reading the phone's summary, the control room and the results
 * file share, and the score follows: 'answered' is a question that scores (DONE, as the score counts
 * it; a photo only once its judge accepted it: pending or rejected, it is not answered), 'skipped' a
 * question given up (the solution shown or skipped).
 */
type QuestionResult = 'answered' | 'photoPending' | 'photoRejected' | 'skipped' | 'begun' | 'none';

export function questionResult(q: ScoredPlay['questions'][number]): QuestionResult {
  if (q.status === 'SOLUTION' || q.status === 'SKIPPED') return 'skipped';
  if (q.photo) return q.photo.status === 'accepted' ? 'answered' : q.photo.status === 'rejected' ? 'photoRejected' : 'photoPending';
  if (q.status === 'DONE') return 'answered';
  // A right answer the team has not moved on from (ANSWERED) scores nothing yet: begun.
  return q.status === 'STARTED' || q.status === 'ANSWERED' ? 'begun' : 'none';
}

/**
 * What a question's photo scores, as the score counts it and every screen shows it: once accepted, the
 * points its judge gave (SCORE_PER_DONE_QUESTION when none were given); otherwise nothing.
 */
export function photoPoints(photo: { status: string; points?: number | null } | undefined): number {
  return photo?.status === 'accepted' ? (photo.points ?? SCORE_PER_DONE_QUESTION) : 0;
}

/**
 * Whether a question's text after the answer is the team's to read, on a play's stored state (raw:
 * read from the database): its answer accepted (ANSWERED or DONE; a photo once its judge accepted it),
 * or the question closed by a skip (the solution shown, or skipped). Unlike questionResult, a right
 * answer not moved on from (ANSWERED) counts: the text after it is what the team reads next.
 */
export function afterTextOpen(state: { status?: unknown; photo?: { status?: unknown } } | undefined): boolean {
  if (state?.status === 'SOLUTION' || state?.status === 'SKIPPED') return true;
  if (state?.status !== 'ANSWERED' && state?.status !== 'DONE') return false;
  return state.photo === undefined || state.photo.status === 'accepted';
}

/** A play's counts: questions answered and given up (questionResult), hints opened, wrong attempts. */
export function playSummary(play: ScoredPlay) {
  let answered = 0;
  let skipped = 0;
  let hints = 0;
  let wrongAttempts = 0;
  for (const q of play.questions) {
    const result = questionResult(q);
    if (result === 'answered') answered++;
    if (result === 'skipped') skipped++;
    hints += q.hints.filter((h) => h.isOpen).length;
    wrongAttempts += q.wrongAttempts ?? 0;
  }
  return { answered, skipped, hints, wrongAttempts };
}

/**
 * Spec section 9: 100 per DONE question, minus 10 per opened hint, minus elapsed minutes, floor 0; with
 * a game's own rules, minus its penalty per wrong attempt, and the minutes only when time counts; plus
 * what the questions' flow rules gave.
 */
export function computeScore(play: ScoredPlay, now: Date = new Date(), rules: ScoringRules = SPEC_SCORING): number {
  const { hints, wrongAttempts } = playSummary(play);
  const minutes = rules.timePenalty ? elapsedMinutes(play, now) : 0;
  let points = 0;
  // A photo counts once a person accepted it, done or not: pending or rejected, it earns nothing.
  for (const q of play.questions) {
    if (questionResult(q) === 'answered') points += q.photo ? photoPoints(q.photo) : SCORE_PER_DONE_QUESTION;
    points += q.points ?? 0;
  }
  return Math.max(0, points - hints * SCORE_PER_OPENED_HINT - wrongAttempts * rules.wrongAttemptPenalty - minutes);
}
