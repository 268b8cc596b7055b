import { useState } from 'react';
import { usePlay } from './play-context.tsx';
import type { CodeResult } from './play-session.ts';

/**
 * 'Let's play' on a free game: the server issues the play's code and the questions open. Offline (or a
 * refusal) nothing changes and `result` says why, so the player taps again later; a game that turns
 * out to need a code after all leads to the code screen.
 */
export function useFreeStart(): { starting: boolean; result: CodeResult | null; start(): Promise<void> } {
  const { session, setPage } = usePlay();
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<CodeResult | null>(null);
  const start = async () => {
    if (starting) return;
    setStarting(true);
    setResult(null);
    const outcome = await session.startFree();
    setStarting(false);
    if (outcome === 'ok') setPage('questions');
    else if (outcome === 'wrong') setPage('payment');
    else setResult(outcome);
  };
  return { starting, result, start };
}
