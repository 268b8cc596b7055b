import { defineProject } from 'vitest/config';

// Browser tests: the real server and Debian's Chromium. Each file starts its own server (port, data
// directory, embedded database) and browser, so two files run at once: most of a browser test is
// waiting on the page, and two at a time on 2 cores took about half as long as one at a time. They run
// after the other projects (their own group).
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
