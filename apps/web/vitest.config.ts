import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // With motion reduced Mantine's transitions take no time, so none leaves a timer behind a test.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
  },
});
