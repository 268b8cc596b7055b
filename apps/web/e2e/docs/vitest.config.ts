import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The documentation's pictures (`npm run docs:screenshots`): the browser tests' server and Chromium,
// run on their own, outside the root config's projects, so `npm test` does not redraw them.
export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'docs-screenshots',
    environment: 'node',
    include: ['*.docs.ts'],
    globalSetup: ['../global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // One file, one server: its tests share the demo data it changes, in order.
    fileParallelism: false,
  },
});
