import type { EditableGame } from '@streethunt/shared';
import { badRequest } from '../../platform/errors.ts';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../../platform/worker-pool.ts';
import type { CleanGameInput, CleanGameOutput } from './clean-game-task.ts';
import type { MediaUrlOptions } from './sanitize-content.ts';

/** Cleans a whole game's rich text off the event loop (a save, an import, a copy, an export). */
export type GameCleaner = {
  /** The clean game, or 400 when the clean text passes the save's limits. */
  clean(game: EditableGame, media: MediaUrlOptions): Promise<EditableGame>;
  close(): Promise<void>;
};

export function createGameCleaner(options?: WorkerPoolOptions): GameCleaner {
  const pool: WorkerPool<CleanGameInput, CleanGameOutput> = createWorkerPool(new URL('./clean-game-task.ts', import.meta.url), options);
  return {
    async clean(game, media) {
      const result = await pool.run({ game, media });
      if ('problem' in result) throw badRequest(result.problem);
      return result.game;
    },
    close: () => pool.close(),
  };
}
