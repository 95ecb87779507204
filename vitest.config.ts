import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The islands run on Preact (decision 031): tests that draw them see what the browser runs.
  resolve: {
    alias: [
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
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
