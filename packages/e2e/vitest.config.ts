import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The migrated embedded database each test file's platform starts from, made once per run.
    globalSetup: ['../server/test/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits for a screen to reach a state; vitest's 1 s default failed under a busy
    // CI machine (a console table, a list after a save). How fast a screen is, is the benchmarks' job.
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 120_000,
    // Browsers are heavy: one test file at a time, each with its own platform.
    fileParallelism: false,
    pool: 'forks',
  },
});
