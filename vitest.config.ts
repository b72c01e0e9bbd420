import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const GRAPHQL_ENTRY = createRequire(import.meta.url).resolve('graphql');

// Tests mirror src/: tests/lib, tests/server/{platform,features/<name>,demo}, tests/islands.
// A test named *.db.test.ts needs a database: it runs on a fresh in-memory
// PGlite per file, and again on PostgreSQL (a fresh database per file) when
// TEST_DATABASE_URL is set. tests/process starts the real server; the browser
// tests (tests/e2e) run under Playwright.
const DB_TESTS = 'tests/server/**/*.db.test.ts';

const dbProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    // One copy of graphql, the one Node loads in production (its CommonJS entry, which graphql-jit
    // requires too): Vite would otherwise pick its ES module build for our imports.
    alias: [{ find: /^graphql$/, replacement: GRAPHQL_ENTRY }],
    server: { deps: { inline: ['graphql-http'] } },
    include: [DB_TESTS],
    env: { TEST_DB_DRIVER: driver },
    // Files share a worker's loaded modules: the server keeps no state in its modules (each file builds
    // its app over a database of its own), and loading them again per file, PGlite's WebAssembly with
    // them, cost more than the tests themselves.
    isolate: false,
    // Each kind of database is migrated and seeded once per run; every file gets a copy.
    globalSetup: ['tests/helpers/database-templates.ts'],
    testTimeout: 60_000,
    // A file's set-up may wait for another file preparing the template it copies.
    hookTimeout: 300_000,
  },
});

/** Files of the in-process suites run at once (one per core). */
const WORKERS = Math.max(2, availableParallelism());
/**
 * Process test files run two at a time: each starts servers of its own (ports, data and site
 * directories its own), and a file mostly waits on one process at a time. TEST_PROCESS_WORKERS
 * changes it.
 */
const PROCESS_WORKERS = Number(process.env.TEST_PROCESS_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/lib/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          exclude: [DB_TESTS],
          testTimeout: 30_000,
          // Set-ups that generate a large demo universe share the cores with another file now.
          hookTimeout: 30_000,
        },
      },
      { test: { name: 'islands', include: ['tests/islands/**/*.test.tsx'], environment: 'happy-dom' } },
      dbProject('db-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [dbProject('db-postgres', 'postgres')] : []),
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          globalSetup: ['tests/helpers/data-dir-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: PROCESS_WORKERS,
          // Cases a file runs side by side (each starting servers of its own).
          maxConcurrency: 2,
          // After the in-process suites: its servers would only slow those down.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
