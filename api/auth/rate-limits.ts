import { newRedis, type RedisTarget } from '../lib/redis-client.ts';
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database.ts';

/** A limit: `points` per `duration` seconds for each key, counted under `keyPrefix`. */
export interface LimitOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** Where the counts live: this process's memory, PostgreSQL (`rate_limits`), or Redis. */
export type LimitStore = 'memory' | 'postgres' | 'redis';

export interface RateLimits {
  /** Where the counts go now (the configured store, or the one standing in while it is away). */
  store(): LimitStore;
  limiter(options: LimitOptions): RateLimiterAbstract;
  close(): void;
}

const PURGE_EVERY_MS = 15 * 60 * 1000;

/** Counts in this process's memory: one process on the embedded database (and tests). */
export function memoryRateLimits(): RateLimits {
  return { store: () => 'memory', limiter: (o) => new RateLimiterMemory(o), close() {} };
}

/**
 * The one place where rate limits are built, so that every process behind a load balancer counts
 * the same attempts (docs/security.md#limits-shared-by-every-process): in Redis when REDIS_URL is
 * set, else in PostgreSQL. The embedded database serves one process, which counts in memory. A
 * store that fails (Redis or PostgreSQL away) hands over to the next one (Redis → PostgreSQL →
 * memory), so a limit never fails open or blocks everyone; counts start afresh in the fallback.
 */
export function createRateLimits(db: Pick<Database, 'kind' | 'prisma'>, redis?: RedisTarget): RateLimits {
  if (db.kind === 'pglite') return memoryRateLimits();

  const inPostgres = (o: LimitOptions) =>
    new RateLimiterPrisma({
      ...o,
      storeClient: db.prisma,
      tableName: 'rateLimit',
      clearExpiredByTimeout: false, // purged below, once for all limiters
      insuranceLimiter: new RateLimiterMemory(o),
    });
  const purge = setInterval(
    () => void db.prisma.rateLimit.deleteMany({ where: { expire: { lt: new Date() } } }).catch(() => {}),
    PURGE_EVERY_MS,
  );
  purge.unref();
  if (!redis) return { store: () => 'postgres', limiter: inPostgres, close: () => clearInterval(purge) };

  // Commands fail at once while Redis is away (no queue), and the PostgreSQL store takes over.
  const client = newRedis(redis.url);
  client.on('error', () => {}); // an outage is reported once by the live updates (api/lib/change-bus.ts)
  return {
    store: () => (client.status === 'ready' ? 'redis' : 'postgres'),
    limiter: (o) =>
      new RateLimiterRedis({
        ...o,
        keyPrefix: `${redis.prefix}${o.keyPrefix}`,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: inPostgres(o),
      }),
    close() {
      clearInterval(purge);
      client.disconnect();
    },
  };
}
