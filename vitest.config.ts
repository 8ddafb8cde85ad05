import { defineConfig } from 'vitest/config';

const FAULTS = 'api/security/faults.test.ts';
/**
 * Files that replace one of the app's modules (vi.mock) need a module registry of their own. Every
 * other API file shares its worker's (`isolate: false`): the app's modules (Prisma's client, the
 * GraphQL schema, the server) load once per worker instead of once per file, where loading them was
 * much of a small file's time. Each file still opens its own database and server.
 */
const OWN_MODULES = ['api/rest/concurrent-downloads.test.ts', 'api/modules/export/export-snapshot.test.ts'];
// These do not depend on the database kind: once (on PGlite) is enough.
const PGLITE_ONLY = [
  'api/server.test.ts',
  'api/config.test.ts',
  'api/graphql/schema.test.ts',
  'api/lint/**',
  'api/rest/openapi.test.ts',
  'api/modules/users/users.test.ts',
  'api/security/fuzz.test.ts',
  'api/security/crash.test.ts',
  'api/security/money.test.ts',
  'api/lib/change-events.test.ts',
  'api/db/wal.test.ts', // always an embedded PGlite data folder
  'api/db/pglite-parsers.test.ts', // PGlite's own
  'api/modules/imports/parsers.test.ts',
  'api/lib/per-user-cache.test.ts',
  'api/lib/spooled-file.test.ts',
  'api/lib/work-in-slices.test.ts',
  'api/lib/json-in-slices.test.ts',
  'api/lib/memory.test.ts',
];

/**
 * The API tests on one kind of database: the files sharing their worker's modules (with `setup`,
 * its global setup), and those that need their own.
 */
function apiProjects(db: 'pglite' | 'postgres', exclude: string[], setup: { globalSetup?: string[] } = {}) {
  const env = { TEST_DB: db };
  return [
    {
      extends: true as const,
      test: { name: `api-${db}`, env, include: ['api/**/*.test.ts'], exclude: [...exclude, ...OWN_MODULES], isolate: false, ...setup },
    },
    { extends: true as const, test: { name: `api-${db}-own-modules`, env, include: OWN_MODULES, exclude } },
  ];
}

// Integration tests run on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
// The fault tests bring their own PostgreSQL, Redis and HAProxy (docs/operations.md#what-a-fault-costs).
const postgres = process.env.TEST_DATABASE_URL ? apiProjects('postgres', [FAULTS, ...PGLITE_ONLY]) : [];

export default defineConfig({
  // Node loads graphql's CommonJS build for the libraries; Vite would pick its .mjs for our code. One copy only.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    // Many tests wait on a child server or on PostgreSQL: more files at once than cores.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The setup's templates (process.env) serve every project's workers.
      ...apiProjects('pglite', [FAULTS], { globalSetup: ['api/test/global-setup.ts'] }),
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
        // The households benchmark's smoke (two processes behind HAProxy too): after the fault tests, not beside them.
        test: { name: 'bench-households', include: ['bench/households.test.ts'], sequence: { groupOrder: 2 } },
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
