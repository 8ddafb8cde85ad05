import { defineConfig } from 'vitest/config';

// Integration tests run on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
// The fault tests bring their own PostgreSQL, Redis and HAProxy (docs/operations.md#what-a-fault-costs).
const FAULTS = 'api/security/faults.test.ts';
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'api-postgres',
          include: ['api/**/*.test.ts'],
          // These do not depend on the database kind: once (on PGlite) is enough.
          exclude: [
            'api/server.test.ts',
            'api/config.test.ts',
            'api/graphql/schema.test.ts',
            'api/lint/**',
            'api/rest/openapi.test.ts',
            'api/modules/users/users.test.ts',
            'api/security/fuzz.test.ts',
            'api/security/crash.test.ts',
            FAULTS,
            'api/security/money.test.ts',
            'api/lib/change-events.test.ts',
            'api/db/wal.test.ts', // always an embedded PGlite data folder
            'api/db/pglite-parsers.test.ts', // PGlite's own
            'api/modules/imports/parsers.test.ts',
            'api/lib/per-user-cache.test.ts',
          ],
          env: { TEST_DB: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  // Node loads graphql's CommonJS build for the libraries; Vite would pick its .mjs for our code. One copy only.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    // Many tests wait on a child server or on PostgreSQL: more files at once than cores.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['api/**/*.test.ts'],
          exclude: [FAULTS],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['api/test/global-setup.ts'],
        },
      },
      ...postgres,
      {
        extends: true,
        test: {
          name: 'faults',
          include: [FAULTS],
          // Alone, after everything else: it runs servers of its own under load and measures
          // recovery times, which the other files would disturb (and be disturbed by) on two cores.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
