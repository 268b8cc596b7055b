import { isTrialExpired, trialMayChange, TRIAL_HOURS, type GameContent } from '@streethunt/shared';
import { AppError } from '../../platform/errors.ts';
import type { GameCode } from '../codes/service.ts';
import type { PlayState } from './play-context.ts';

// A trial code (source 'trial', DESIGN.md section 15) plays the game's free questions for 24 hours;
// bought, its source becomes 'purchase' and none of this applies any more.

const isTrialCode = (code: Pick<GameCode, 'source'>): boolean => code.source === 'trial';

export const trialExpired = () => new AppError(410, 'trial_expired', `This trial ended ${TRIAL_HOURS} hours after it began: buy the game to go on with this play`);

/** 410 trial_expired for a trial code past its 24 hours (counted from when it was issued). */
export function assertTrialRunning(code: Pick<GameCode, 'source' | 'createdAt'>, now = new Date()): void {
  if (isTrialCode(code) && isTrialExpired(code.createdAt, now)) throw trialExpired();
}

const paymentRequired = (index: number) =>
  new AppError(402, 'payment_required', `Question ${index + 1} is not part of the trial: buy the game to play it (the play goes on where it is)`);

/**
 * 402 payment_required when a trial code's play would open or change a question its trial does not
 * cover (game/trial.ts: the first `freeQuestions` questions the flow opens for it). Called in the
 * locked decision, so two phones of one trial cannot both take the last free question.
 */
export function assertTrialCovers(code: Pick<GameCode, 'source'>, content: GameContent, state: PlayState, index: number): void {
  if (!isTrialCode(code)) return;
  const { freeQuestions, order, scoring } = content.metadata;
  if (!trialMayChange(content.questions, order, state, freeQuestions ?? 0, index, scoring)) throw paymentRequired(index);
}
