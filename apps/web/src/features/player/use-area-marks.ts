import { useMemo } from 'react';
import { usePlay } from './play-context.tsx';
import { usePlayFlow } from './use-play-flow.ts';
import { areaMarks, flowRulesOf, type AreaMark } from './play-flow.ts';

/** How the play's map draws each question now (areaMarks); undefined before the start (every area shown, none done). */
export function useAreaMarks(): AreaMark[] | undefined {
  const { game, snapshot } = usePlay();
  const flow = usePlayFlow();
  const progress = snapshot.progress;
  return useMemo(() => (progress?.startTime ? areaMarks(flowRulesOf(game), progress, flow) : undefined), [game, progress, flow]);
}
