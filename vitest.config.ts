import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Each file boots its own app (and, on the embedded default, its own in-memory PGlite):
    // two workers fit the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      { extends: true, test: { name: 'tests', include: ['tests/**/*.test.ts'], exclude: ['tests/fuzz/**', 'node_modules/**'], sequence: { groupOrder: 0 } } },
      // The fuzz suite runs after every other file, alone: it is long, write-heavy, and some files
      // snapshot whole tables; alone it also gets both cores for its 10,000 requests.
      { extends: true, test: { name: 'fuzz', include: ['tests/fuzz/**/*.test.ts'], sequence: { groupOrder: 1 } } },
    ],
  },
});
