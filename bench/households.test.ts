import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../api/scripts/build-server.ts';
import { missingServiceBinaries } from '../api/test/private-services.ts';
import { createPostgresDatabaseUrl } from '../api/test/test-database.ts';
import { householdsScenario } from './households.ts';
import { operationCosts } from './operation-costs.ts';

// The households scenario end to end in a tiny configuration (docs/performance.md#households):
// seeded, two processes behind HAProxy, real sign-ins, every kind of request answered; and the
// costs of its requests (bench/operation-costs.ts). Its figures
// are not checked (speed belongs to `npm run bench`), only that it runs and nothing fails.

const missing = [
  ...missingServiceBinaries(),
  ...(fs.existsSync(serverBundle) ? [] : ['dist/server.js (npm run build:server)']),
  ...(process.env.TEST_DATABASE_URL ? [] : ['TEST_DATABASE_URL (a PostgreSQL to create a database in)']),
];
const skip = missing.length > 0 && !process.env.CI;
if (skip) console.warn(`\n*** SKIPPED: bench/households.test.ts needs ${missing.join(', ')} ***\n`);

describe.skipIf(skip)('the households benchmark', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabaseUrl>>;

  beforeAll(async () => {
    if (missing.length) throw new Error(`CI is set but the households smoke cannot run here: missing ${missing.join(', ')}`);
    database = await createPostgresDatabaseUrl();
  });
  afterAll(() => database?.drop());

  it('seeds, signs users in and runs the mixed load through the proxy without an error', async () => {
    const result = await householdsScenario({
      databaseUrl: database.url,
      households: 3,
      transactions: 40,
      users: 2,
      durationSeconds: 1.5,
      warmupSeconds: 0,
      rate: 0,
    });
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(0);
    expect(Object.keys(result.servedBy).sort()).toEqual(['app1', 'app2']);
    expect(Object.keys(result.rssMb).sort()).toEqual(['app1', 'app2']);
  }, 300_000);

  it('measures the CPU of every request of the mix, one at a time', async () => {
    const result = await operationCosts({ databaseUrl: database.url, households: 3, transactions: 40, rounds: 2 });
    expect(result.operations.map((o) => o.name)).toContain('Dashboard');
    for (const o of result.operations) {
      expect(o.fresh.app, o.name).toBeGreaterThanOrEqual(0);
      expect(o.cached === null, o.name).toBe(o.kind === 'write');
    }
    expect(result.mix.app).toBeGreaterThan(0);
  }, 300_000);
});
