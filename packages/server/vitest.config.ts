import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The migrated embedded database each test file starts from, made once per run.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    pool: 'forks',
  },
});
