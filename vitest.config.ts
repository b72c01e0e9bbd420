import { defineConfig } from 'vitest/config';

// API suites run on a fresh in-memory PGlite per file, and again on
// PostgreSQL (a fresh database per file) when TEST_DATABASE_URL is set.
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    // One copy of graphql: let Vite resolve graphql-http's import of it the way it resolves ours.
    server: { deps: { inline: ['graphql-http'] } },
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'islands', include: ['tests/islands/**/*.test.tsx'], environment: 'happy-dom' } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
