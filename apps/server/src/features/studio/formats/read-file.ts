import { badRequest } from '../../../platform/errors.ts';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../../../platform/worker-pool.ts';
import type { ReadFile } from './read-open-format.ts';
import type { ReadFileOutput } from './read-file-task.ts';

/** Reads a file in an open format off the event loop, within a time limit (POST /api/games/import/read). */
export type FileReader = {
  /** The game the file holds, or 400 naming what is wrong; 429 when the server is busy or the read runs past its time. */
  read(bytes: Buffer): Promise<ReadFile>;
  close(): Promise<void>;
};

/** A file that has not been read in this long is given up (its thread stopped): files we read take well under a second. */
const READ_TIME_LIMIT_MS = 10_000;

export function createFileReader(options: WorkerPoolOptions = {}): FileReader {
  const pool: WorkerPool<Uint8Array, ReadFileOutput> = createWorkerPool(new URL('./read-file-task.ts', import.meta.url), {
    timeoutMs: READ_TIME_LIMIT_MS,
    ...options,
  });
  return {
    async read(bytes) {
      const result = await pool.run(bytes);
      if ('problem' in result) throw badRequest(result.problem);
      return result.read;
    },
    close: () => pool.close(),
  };
}
