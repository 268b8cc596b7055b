import type { GameProgressRequest } from '../schemas/play.ts';
import { isQuestionOpen, questionTransition, type QuestionStatus } from './question-status.ts';

type WithoutCode<T> = T extends unknown ? Omit<T, 'gameId' | 'secretCode' | 'grant'> : never;

/**
 * A change a player makes to a play: a game-progress action without its code and grant. The phone
 * queues these; the server receives them as requests. Derived from the request schema so the two
 * cannot drift apart (a type-only import: no zod at run time).
 */
export type ProgressChange = WithoutCode<Exclude<GameProgressRequest, { action: 'get-game-progress' | 'set-start-time' }>>;

/** What a change reads of a play: each question's status and hints, and the end time (a Date on the server, ISO text on the phone). */
export type ProgressQuestionState = { status: QuestionStatus | null; hints: ReadonlyArray<{ isOpen: boolean }>; wrongAttempts?: number };
export type ProgressState<Q extends ProgressQuestionState, T> = { questions: readonly Q[]; endTime: T | null };

/** Why a change cannot be made; the server turns each into its error reply, the phone just does not make it. */
export type ProgressRefusal =
  | { reason: 'no-question'; questionIndex: number; questionCount: number }
  | { reason: 'no-hint'; questionIndex: number; hintIndex: number; hintCount: number }
  /** The state machine has no such edge (for example ANSWERED after SOLUTION, or DONE before ANSWERED). */
  | { reason: 'bad-move'; questionIndex: number; from: QuestionStatus | null; to: QuestionStatus }
  /** The game ends only when every question is done or skipped; the first open one. */
  | { reason: 'question-open'; questionIndex: number };

export type ProgressStep<Q extends ProgressQuestionState, T> =
  /** The change applies: the play after it. */
  | { kind: 'next'; state: { questions: Q[]; endTime: T | null } }
  /** Already so (a replayed or late change, or another device got there first): nothing to do, and no error. */
  | { kind: 'same' }
  | { kind: 'refused'; refusal: ProgressRefusal };

const replaceAt = <Q>(list: readonly Q[], index: number, item: Q): Q[] => list.map((q, i) => (i === index ? item : q));

/**
 * The one rule of what a progress change does (DESIGN.md section 4): status moves follow the state
 * machine and never go backwards, a hint opens once and stays open, the end time is set once and only
 * when nothing is left to play. The server applies it under the play's row lock; the phone applies it to
 * show a change at once, offline too, and to skip sending one that would change nothing. Pure: the
 * end time it sets is `now`. Judging an answer and revealing the solution need the game's answers,
 * so they stay with the server.
 */
export function applyProgressChange<Q extends ProgressQuestionState, T>(
  state: ProgressState<Q, T>,
  change: ProgressChange,
  now: T,
  /**
   * The question that keeps the play from ending, or -1 (content/play-flow.ts questionKeepingOpen, by
   * the game's flow); without it, the first question not done or skipped.
   */
  keepingOpen: (questions: readonly Q[]) => number = (questions) => questions.findIndex((q) => isQuestionOpen(q.status)),
): ProgressStep<Q, T> {
  const questions = state.questions;
  switch (change.action) {
    case 'set-question-status': {
      const question = questions[change.questionIndex];
      if (!question) return { kind: 'refused', refusal: { reason: 'no-question', questionIndex: change.questionIndex, questionCount: questions.length } };
      const transition = questionTransition(question.status, change.questionStatus);
      if (transition === 'keep') return { kind: 'same' };
      if (transition === 'invalid') {
        return { kind: 'refused', refusal: { reason: 'bad-move', questionIndex: change.questionIndex, from: question.status, to: change.questionStatus } };
      }
      // The wrong attempts before an answer or a skip are kept with that move, once (a replay is 'same').
      const wrong = (change.questionStatus === 'ANSWERED' || change.questionStatus === 'SOLUTION') && (change.wrongAttempts ?? 0) > 0;
      const next = { ...question, status: change.questionStatus, ...(wrong && { wrongAttempts: change.wrongAttempts }) };
      return { kind: 'next', state: { questions: replaceAt(questions, change.questionIndex, next), endTime: state.endTime } };
    }
    case 'show-question-hint': {
      const question = questions[change.questionIndex];
      if (!question) return { kind: 'refused', refusal: { reason: 'no-question', questionIndex: change.questionIndex, questionCount: questions.length } };
      const hint = question.hints[change.hintIndex];
      if (!hint) {
        return {
          kind: 'refused',
          refusal: { reason: 'no-hint', questionIndex: change.questionIndex, hintIndex: change.hintIndex, hintCount: question.hints.length },
        };
      }
      if (hint.isOpen) return { kind: 'same' };
      const next = { ...question, hints: replaceAt(question.hints, change.hintIndex, { isOpen: true }) };
      return { kind: 'next', state: { questions: replaceAt(questions, change.questionIndex, next), endTime: state.endTime } };
    }
    case 'set-end-time': {
      if (state.endTime !== null) return { kind: 'same' };
      const open = keepingOpen(questions);
      if (open !== -1) return { kind: 'refused', refusal: { reason: 'question-open', questionIndex: open } };
      return { kind: 'next', state: { questions: [...questions], endTime: now } };
    }
  }
}
