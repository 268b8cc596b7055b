import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each project keeps its own environment. Two files at a time on
// every project: Vitest's default (cores - 1) gave one on a 2-core machine, leaving a core idle while a
// test file waits on its database, its processes or its sockets.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/web/e2e'],
    maxWorkers: 2,
  },
});
