import { useEffect, useMemo } from 'react';
import type { Flow } from '@streethunt/shared';
import { usePlay } from './play-context.tsx';
import { flowEngine, flowOfPlay, flowRulesOf } from './play-flow.ts';

/**
 * The play's flow as the pages that play show it (what is playable, what comes next, whether it is
 * over), and the game's rules handed to the session so its changes are judged by them offline too.
 * Only these pages load the flow module: the first screen does not need it.
 */
export function usePlayFlow(): Flow {
  const { game, session, snapshot } = usePlay();
  const rules = useMemo(() => flowRulesOf(game), [game]);
  useEffect(() => session.setFlowEngine(flowEngine(rules)), [session, rules]);
  return useMemo(() => flowOfPlay(rules, snapshot.progress), [rules, snapshot.progress]);
}
