import { defineProject } from 'vitest/config';

// Browser tests: the real server and Debian's Chromium; one file at a time keeps 2 cores from thrashing.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
