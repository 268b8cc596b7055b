import { useEffect, useState } from 'react';
import { editorApi } from './api.ts';

/**
 * How many plays of the game are under way, read when the editor opens and after each save (null
 * until known, or when it could not be read: the notice is then left out, nothing else depends on it).
 */
export function useRunningPlays(gameId: string, version: number): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    editorApi.runningPlays(gameId, controller.signal).then(
      (n) => setCount(n),
      () => undefined,
    );
    return () => controller.abort();
  }, [gameId, version]);
  return count;
}
