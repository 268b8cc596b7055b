import { playFlow, questionKeepingOpen, withRulePoints, type Flow, type FlowQuestion, type Progress, type ScoringRules } from '@streethunt/shared';
import type { FlowEngine } from './progress-rules.ts';

/** What the phone needs of a game to judge its flow: the questions with their rules, the order, the scoring. */
export type FlowRules = { questions: readonly FlowQuestion[]; order?: 'linear' | 'free' | undefined; scoring?: ScoringRules | undefined };

const NO_QUESTIONS: readonly FlowQuestion[] = [];

/** The rules of a game as the player's reply carries them (no questions yet: none, the same empty list each time). */
export function flowRulesOf(game: { metadata: { order?: 'linear' | 'free' | undefined; scoring?: ScoringRules | undefined }; questions?: readonly FlowQuestion[] | undefined }): FlowRules {
  return { questions: game.questions ?? NO_QUESTIONS, order: game.metadata.order, scoring: game.metadata.scoring };
}

/** Whether any question carries a condition or rules. */
const hasFlow = (rules: FlowRules): boolean => rules.questions.some((q) => q.when !== undefined || q.then !== undefined);

/**
 * The play's flow as the phone shows it: worked out here by the shared module from what the phone
 * holds (the server's progress with the changes still queued), so it is right offline too; once the
 * server has every change, its own flow is the same by construction.
 */
export function flowOfPlay(rules: FlowRules, progress: Progress | null, now: Date = new Date()): Flow {
  return playFlow(rules.questions, rules.order, progress ?? { startTime: null, endTime: null, questions: [] }, rules.scoring, now);
}

/** The index of a question by id (-1: none). */
export const indexOfQuestion = (rules: FlowRules, id: string | null): number => (id === null ? -1 : rules.questions.findIndex((q) => q.id === id));

/** How the map draws each question: closed (`done`), playable now (`area`), or not at all (not open, or passed over). */
export type AreaMark = 'done' | 'area' | null;

export function areaMarks(rules: FlowRules, progress: Progress | null, flow: Flow): AreaMark[] {
  const playable = new Set(flow.playable);
  return rules.questions.map((question, i) => {
    const status = progress?.questions[i]?.status ?? null;
    if (status === 'DONE' || status === 'SKIPPED') return 'done';
    return playable.has(question.id) ? 'area' : null;
  });
}

const engines = new WeakMap<readonly FlowQuestion[], FlowEngine>();

/** The phone's changes judged by the game's flow (progress-rules.ts): one per game's questions. */
export function flowEngine(rules: FlowRules): FlowEngine {
  const kept = engines.get(rules.questions);
  if (kept && kept.scoring === rules.scoring) return kept;
  const engine: FlowEngine = {
    questions: rules.questions,
    scoring: rules.scoring,
    hasRules: hasFlow(rules),
    keepingOpen: (progress, now) => (questions) => questionKeepingOpen(rules.questions, questions, flowOfPlay(rules, progress, now)),
    withPoints: (questions) => withRulePoints(rules.questions, questions),
  };
  engines.set(rules.questions, engine);
  return engine;
}
