// A worker thread of platform/worker-pool.ts. Worker threads do not inherit the TypeScript loader of
// the process (tsx in production, Vite in tests), so this plain module registers tsx, then loads the
// TypeScript module whose default export runs the tasks.
import { register } from 'tsx/esm/api';
import { workerData } from 'piscina';

register();
const { default: task } = await import(workerData.module);

export default task;
