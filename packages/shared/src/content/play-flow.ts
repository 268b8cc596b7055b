import type { QuestionStatus } from '../game/question-status.ts';
import { computeScore, elapsedMinutes, SPEC_SCORING, type ScoredPlay, type ScoringRules } from '../game/score.ts';
import { flow, isGivenUp, isRight, outcomeEffects, questionReach, type Flow, type FlowOrder, type FlowPlayState, type FlowQuestion, type OutcomeEffects, type QuestionReach } from './flow.ts';

/**
 * A play's flow from its questions' states, the same on the server and the phone. What the rules did
 * (flags, points, texts, an end) is worked out again from each question's outcome rather than stored:
 * a question answered right (with its chosen option), given up, or tried wrong at least once. So a play
 * has one truth, its question states, and two devices that hold the same states agree on the rest.
 */

/** What a question's state says of its outcome. */
export type PlayedQuestion = {
  status?: QuestionStatus | null;
  /** The option of the accepted answer (a choice question). */
  chose?: string | null | undefined;
  wrongAttempts?: number | undefined;
};

export type PlayOutcomes = {
  flags: string[];
  /** An `end` action ran. */
  ended: boolean;
  /** Per question: the points its rules gave (0 when none). */
  points: number[];
  /** Per question: the texts its rules said, in the order they ran (a wrong try's before the answer's). */
  said: string[][];
};

/**
 * Whether a right answer leaves the team something to read: the text after the answer, or a line its
 * rules say. An information stop without either completes as soon as the team arrives.
 */
export function hasWordsAfterRight(question: Pick<FlowQuestion, 'then'> & { answer: { contentAfterAnswer: string } }): boolean {
  return question.answer.contentAfterAnswer.trim() !== '' || outcomeEffects(question, 'right').say.length > 0;
}

/** The outcomes a question has had so far: a wrong try (its rules run once), then its answer or its skip. */
function effectsOf(question: FlowQuestion, played: PlayedQuestion | undefined): OutcomeEffects[] {
  if (!question.then || !played) return [];
  const effects: OutcomeEffects[] = [];
  if ((played.wrongAttempts ?? 0) > 0) effects.push(outcomeEffects(question, 'wrong'));
  if (isRight(played.status)) effects.push(outcomeEffects(question, 'right', played.chose));
  else if (isGivenUp(played.status)) effects.push(outcomeEffects(question, 'skipped'));
  return effects;
}

const NO_OUTCOMES = (n: number): PlayOutcomes => ({ flags: [], ended: false, points: new Array<number>(n).fill(0), said: Array.from({ length: n }, () => []) });

/** What every question's rules did, by its outcome so far. */
export function playOutcomes(questions: readonly FlowQuestion[], played: ReadonlyArray<PlayedQuestion | undefined>): PlayOutcomes {
  const outcomes = NO_OUTCOMES(questions.length);
  const flags = new Set<string>();
  questions.forEach((question, i) => {
    for (const effects of effectsOf(question, played[i])) {
      for (const flag of effects.flags) flags.add(flag);
      outcomes.points[i]! += effects.points;
      outcomes.said[i]!.push(...effects.say);
      if (effects.end) outcomes.ended = true;
    }
  });
  outcomes.flags = [...flags];
  return outcomes;
}

/** A play as its flow reads it: the progress (each question's state, hints and photo for the score) and its times. */
export type FlowedPlay = Pick<ScoredPlay, 'startTime' | 'endTime'> & { questions: ReadonlyArray<ScoredPlay['questions'][number] & PlayedQuestion> };

/**
 * Each question's state with the points its rules gave (`points`, only when not 0), the shape the
 * progress reply carries and the score counts.
 */
export function withRulePoints<Q extends PlayedQuestion & { points?: number }>(questions: readonly FlowQuestion[], played: readonly Q[], outcomes = playOutcomes(questions, played)): Q[] {
  return played.map((q, i) => {
    const points = outcomes.points[i] ?? 0;
    if (points === (q.points ?? 0)) return q;
    const { points: _dropped, ...rest } = q;
    return (points === 0 ? rest : { ...rest, points }) as Q;
  });
}

/**
 * The flow of a play now (`flow` of every progress reply): its questions' states with their rules'
 * points already counted (withRulePoints). The score a condition reads is the points won by play, the
 * time penalty left out, so a game with nothing left to play never waits on the clock.
 */
export function playFlow(
  questions: readonly FlowQuestion[],
  order: FlowOrder | undefined,
  play: FlowedPlay,
  rules: ScoringRules = SPEC_SCORING,
  now: Date = new Date(),
  outcomes = playOutcomes(questions, play.questions),
): Flow {
  return flow(questions, order, flowStateOf(play, rules, now, outcomes));
}

/** Where the play stands with each question (questionReach), its rules' points counted as in playFlow. */
export function playReach(questions: readonly FlowQuestion[], order: FlowOrder | undefined, play: FlowedPlay, rules: ScoringRules = SPEC_SCORING, now: Date = new Date()): QuestionReach[] {
  const outcomes = playOutcomes(questions, play.questions);
  const scored = { ...play, questions: withRulePoints(questions, play.questions, outcomes) };
  return questionReach(questions, order, flowStateOf(scored, rules, now, outcomes));
}

function flowStateOf(play: FlowedPlay, rules: ScoringRules, now: Date, outcomes: PlayOutcomes): FlowPlayState {
  return {
    questions: play.questions,
    flags: outcomes.flags,
    ended: outcomes.ended,
    score: computeScore(play, now, { ...rules, timePenalty: false }),
    minutes: elapsedMinutes(play, now),
  };
}

/**
 * The question that keeps a play from ending (the end time is refused while there is one), or -1 once
 * the flow is over: the one to play next, else the first begun and not closed.
 */
export function questionKeepingOpen(questions: ReadonlyArray<{ id: string }>, played: ReadonlyArray<PlayedQuestion | undefined>, current: Flow): number {
  if (current.over) return -1;
  const next = current.next === null ? -1 : questions.findIndex((q) => q.id === current.next);
  if (next !== -1) return next;
  const begun = played.findIndex((q) => q?.status != null && q.status !== 'DONE' && q.status !== 'SKIPPED');
  return begun !== -1 ? begun : 0;
}
