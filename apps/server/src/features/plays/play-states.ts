import { PHOTO_STATUSES, QUESTION_STATUSES, type PhotoState, type Progress, type QuestionStatus } from '@streethunt/shared';

type ProgressQuestion = Progress['questions'][number];
/** What a play's states are matched against: the questions and hints of the game, by id. */
type QuestionIds = ReadonlyArray<{ id: string; hints: ReadonlyArray<{ id: string }> }>;

/** One question's state as a play stores it: only what has happened (no status: not begun). */
type StoredQuestionState = { status?: QuestionStatus; openHints?: string[]; solution?: string; wrongAttempts?: number; photo?: PhotoState; chose?: string };
/**
 * A play's states, by question id (the `plays.states` column): a question deleted or moved never moves
 * a play's progress onto another. A question the game no longer has keeps its state here, unread.
 */
export type PlayStates = Record<string, StoredQuestionState>;

const isStatus = (value: unknown): value is QuestionStatus => (QUESTION_STATUSES as readonly unknown[]).includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored photo state, or undefined when what is stored does not read as one. */
function photoOf(value: unknown): PhotoState | undefined {
  if (!isRecord(value) || !(PHOTO_STATUSES as readonly unknown[]).includes(value.status)) return undefined;
  return {
    status: value.status as PhotoState['status'],
    ...(typeof value.points === 'number' && { points: value.points }),
    ...(typeof value.comment === 'string' && { comment: value.comment }),
    ...(typeof value.judgedAt === 'string' && { judgedAt: value.judgedAt }),
  };
}

/**
 * The play's progress in the spec's shape: one entry per question of the game, in its order, each hint
 * open or not. Questions and hints the play has no state for (added since it began) are blank.
 * Whatever does not read as a state is blank rather than failing a player.
 */
export function progressQuestions(questions: QuestionIds, stored: unknown): ProgressQuestion[] {
  const states = isRecord(stored) ? stored : {};
  return questions.map((question) => {
    const state = Object.hasOwn(states, question.id) && isRecord(states[question.id]) ? (states[question.id] as Record<string, unknown>) : {};
    const open = Array.isArray(state.openHints) ? new Set(state.openHints) : new Set();
    const photo = photoOf(state.photo);
    return {
      status: isStatus(state.status) ? state.status : null,
      hints: question.hints.map((hint) => ({ isOpen: open.has(hint.id) })),
      ...(typeof state.solution === 'string' && { solution: state.solution }),
      ...(typeof state.wrongAttempts === 'number' && state.wrongAttempts > 0 && { wrongAttempts: state.wrongAttempts }),
      ...(photo && { photo }),
      ...(typeof state.chose === 'string' && { chose: state.chose }),
    };
  });
}

/**
 * The states to store after a change: `progress` (in the order of `questions`) written over the
 * stored states by question id; states of questions (and hints) the game no longer has are kept as
 * they were.
 */
export function playStatesOf(questions: QuestionIds, progress: readonly ProgressQuestion[], stored: unknown = {}): PlayStates {
  const states: PlayStates = isRecord(stored) ? { ...(stored as PlayStates) } : {};
  questions.forEach((question, i) => {
    const entry = progress[i];
    if (!entry) return;
    // A hint deleted since it was opened stays opened here, as a deleted question's state stays.
    const before = states[question.id]?.openHints;
    const gone = Array.isArray(before) ? before.filter((id) => !question.hints.some((hint) => hint.id === id)) : [];
    const openHints = [...question.hints.filter((_, hi) => entry.hints[hi]?.isOpen).map((hint) => hint.id), ...gone];
    const state: StoredQuestionState = {
      ...(entry.status !== null && { status: entry.status }),
      ...(openHints.length > 0 && { openHints }),
      ...(entry.solution !== undefined && { solution: entry.solution }),
      ...(entry.wrongAttempts !== undefined && entry.wrongAttempts > 0 && { wrongAttempts: entry.wrongAttempts }),
      ...(entry.photo !== undefined && { photo: entry.photo }),
      ...(entry.chose !== undefined && { chose: entry.chose }),
    };
    if (Object.keys(state).length > 0) states[question.id] = state;
    else delete states[question.id];
  });
  return states;
}
