import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // API tests start the built server; give them room on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
