import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database.ts';
import { createTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { freePort } from '../test/private-services.ts';
import { createRateLimits, type RateLimits } from './rate-limits.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Consumes one point per call, alternating between the limiters ("processes"); the statuses, as the sign-in page would answer. */
async function attempts(limiters: RateLimiterAbstract[], key: string, count: number) {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    answers.push(
      await limiters[i % limiters.length]!.consume(key).then(
        () => 'ok',
        (res: unknown) => (res instanceof Error ? `error: ${res.message}` : 'limited'),
      ),
    );
  }
  return answers;
}

describe(`rate limits (${testDatabaseKind()})`, () => {
  let db: Database;
  const made: RateLimits[] = [];
  // Keys of their own: Redis and the test database may be shared with other runs.
  const prefix = `budget-test-${crypto.randomUUID()}:`;
  const limits = (url?: string) => {
    const l = createRateLimits(db, url ? { url, prefix } : undefined);
    made.push(l);
    return l;
  };
  const options = () => ({ keyPrefix: `test-${crypto.randomUUID()}`, points: 5, duration: 60 });

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    made.forEach((l) => l.close());
    await db?.close();
  });

  it.runIf(testDatabaseKind() === 'pglite')('count in memory on the embedded database (one process)', () => {
    expect(limits().store()).toBe('memory');
  });

  it.runIf(testDatabaseKind() === 'postgres')('are shared by every process through PostgreSQL', async () => {
    const o = options();
    const [one, two] = [limits(), limits()];
    expect([one.store(), two.store()]).toEqual(['postgres', 'postgres']);
    expect(await attempts([one.limiter(o), two.limiter(o)], 'ada@example.com', 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'limited']);
  });

  it.runIf(testDatabaseKind() === 'postgres' && redisUrl)('are shared through Redis when it is configured', async () => {
    const o = options();
    const [one, two] = [limits(redisUrl), limits(redisUrl)];
    await expect.poll(() => [one.store(), two.store()]).toEqual(['redis', 'redis']);
    expect(await attempts([one.limiter(o), two.limiter(o)], 'ada@example.com', 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'limited']);
  });

  it.runIf(testDatabaseKind() === 'postgres')('count in PostgreSQL, still shared, while Redis is away', async () => {
    const o = options();
    const away = limits(`redis://127.0.0.1:${await freePort()}`); // nothing listens there
    const plain = limits();
    expect(away.store()).toBe('postgres');
    expect(await attempts([away.limiter(o), plain.limiter(o)], 'ada@example.com', 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'limited']);
  });
});
