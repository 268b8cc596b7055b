import type { TrialReply } from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../../api/client.ts';
import type { CodeResult, PlaySession } from '../play-session.ts';
import { deviceId } from './device-id.ts';

/** How asking for a trial ended: a play started (as a code's would), or why not. */
export type TrialResult = CodeResult | 'trial_used' | 'no_trial';

/**
 * 'Try it free': POST /api/trials for this phone (and the account, when signed in), then the trial's
 * code starts its play like a typed code. Loaded on the tap, not with the intro.
 */
export async function startTrial(session: Pick<PlaySession, 'submitCode'>, gameId: string): Promise<TrialResult> {
  let code: string;
  try {
    const reply = await apiRequest<TrialReply>('/api/trials', { method: 'POST', body: { gameId, deviceId: deviceId() } });
    code = reply.data.code;
  } catch (error) {
    if (error instanceof NetworkError) return 'network';
    if (error instanceof ApiError) {
      if (error.code === 'trial_used') return 'trial_used';
      if (error.code === 'no_trial') return 'no_trial';
      if (error.status === 429) return 'rate_limited';
    }
    return 'error';
  }
  return session.submitCode(code);
}
