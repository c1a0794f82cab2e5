import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each file boots its own app (and, on the embedded default, its own in-memory PGlite):
    // two workers fit the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
