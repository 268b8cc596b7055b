import { useEffect, useState } from 'react';

/** A wait that ends at `at` (ms since the epoch) and was `seconds` long when it started. */
export type Wait = { at: number; seconds: number };

/** Whole seconds left of `wait`, ticking once a second; 0 once it is over or with no wait. */
export function useCountdown(wait: Wait | null): number {
  const [state, setState] = useState({ wait, left: wait?.seconds ?? 0 });
  // A new wait starts at its full length (adjusted while rendering).
  if (state.wait !== wait) setState({ wait, left: wait?.seconds ?? 0 });
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((wait.at - Date.now()) / 1000));
      setState({ wait, left });
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return state.wait === wait ? state.left : (wait?.seconds ?? 0);
}
