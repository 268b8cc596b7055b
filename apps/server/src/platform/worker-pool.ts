import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { rateLimited } from './errors.ts';

/*
 * CPU-bound work a request may cause (cleaning a whole game's rich text) runs on worker threads, so
 * one caller's costly request never stalls every other request on the event loop. The queue is
 * bounded: past it, or past the time limit, the caller is told to try again (429), and nothing it
 * asked is done.
 */

export type WorkerPool<Input, Output> = {
  run(input: Input): Promise<Output>;
  /** Waits for the tasks under way; the threads end. */
  close(): Promise<void>;
};

export type WorkerPoolOptions = {
  /** Threads at most: by default one fewer than the cores, so the event loop keeps one (at least 1). */
  maxThreads?: number;
  /** Tasks waiting for a thread at most (more are refused with 429). */
  maxQueue?: number;
  /** Longest a task may wait and run together (then its thread is stopped, and the caller gets 429). */
  timeoutMs?: number;
};

const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;
const RETRY_MS = 5_000;

/**
 * A pool running the default export of `module` (a TypeScript module's URL: `new URL('./x.ts',
 * import.meta.url)`). Threads start on first use and end after a minute idle.
 */
export function createWorkerPool<Input, Output>(module: URL, options: WorkerPoolOptions = {}): WorkerPool<Input, Output> {
  const maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool = new Piscina({
    filename: ENTRY,
    workerData: { module: module.href },
    minThreads: 0,
    maxThreads,
    maxQueue: options.maxQueue ?? maxThreads * 16,
    idleTimeout: 60_000,
  });
  return {
    async run(input) {
      if (pool.queueSize >= pool.options.maxQueue) throw rateLimited('The server is busy with other work like this: try again in a few seconds', RETRY_MS);
      try {
        return (await pool.run(input, { signal: AbortSignal.timeout(timeoutMs) })) as Output;
      } catch (error) {
        if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError' || /queue is at limit/i.test(error.message))) {
          throw rateLimited('The server is busy with other work like this: try again in a few seconds', RETRY_MS);
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}
