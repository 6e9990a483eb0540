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
    // Two test files at a time, each with its own platform (in-process server, embedded database)
    // and its own Chromium. One file keeps about half a core busy, most of its time waits on
    // screens and timers: two at a time halve the suite (1,141 s of files in 673 s) on a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
