import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browsers are heavy: one test file at a time, each with its own platform.
    fileParallelism: false,
    pool: 'forks',
  },
});
