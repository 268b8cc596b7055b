import type { GameLocation, Point } from '../schemas/game.ts';
import { distanceToArea } from '../geo/geo.ts';
import { isQuestionOpen, type QuestionStatus } from './question-status.ts';

/**
 * The question to suggest in a game played in any order: the open one nearest to the player (by the
 * distance to its area), or the first open one without a position or locations; -1 when none is open.
 * `playable`: the questions the game's flow opens now (content/flow.ts); absent, every one.
 */
export function suggestedQuestion(
  questions: ReadonlyArray<{ id?: string; location?: GameLocation | null }>,
  statuses: ReadonlyArray<{ status?: QuestionStatus | null }>,
  position: Point | null,
  playable?: ReadonlyArray<string>,
): number {
  let best = -1;
  let bestDistance = Infinity;
  questions.forEach((question, i) => {
    if (!isQuestionOpen(statuses[i]?.status)) return;
    if (playable && !playable.includes(question.id ?? '')) return;
    if (best === -1) best = i;
    if (!position || !question.location) return;
    const distance = distanceToArea(position, question.location);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}
