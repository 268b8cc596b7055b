import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/web/e2e'],
  },
});
