import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // API tests start the built server; give them room on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves a core free (one worker on a 2-core machine), but most files spend
    // their time waiting: on a server process of their own, or on PostgreSQL. One worker a core
    // keeps both cores busy. Every file has its own databases and server, so none shares state.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
