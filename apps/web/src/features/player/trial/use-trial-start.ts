import { useState } from 'react';
import { usePlay } from '../play-context.tsx';
import type { TrialResult } from './start-trial.ts';

/**
 * 'Try it free' on a paid game's intro: the trial's play starts and the questions open. Offline or
 * refused, nothing changes and `result` says why. The call's code loads on the tap.
 */
export function useTrialStart(): { starting: boolean; result: TrialResult | null; start(): Promise<void> } {
  const { session, game, setPage } = usePlay();
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<TrialResult | null>(null);
  const start = async () => {
    if (starting) return;
    setStarting(true);
    setResult(null);
    const outcome = await import('./start-trial.ts').then(({ startTrial }) => startTrial(session, game._id)).catch(() => 'network' as const);
    setStarting(false);
    if (outcome === 'ok') setPage('questions');
    else setResult(outcome);
  };
  return { starting, result, start };
}
