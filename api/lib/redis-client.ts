import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

/** A Redis server, and the prefix of every key and channel this deployment uses on it. */
export interface RedisTarget {
  url: string;
  prefix: string;
}

/**
 * Nothing waits for Redis (docs/operations.md#what-a-fault-costs): a command fails at once while it
 * is away (no queue, one try), and the connection comes back on its own, retrying every 0.1-2 s.
 */
const FAIL_FAST: RedisOptions = { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (n) => Math.min(100 * 2 ** n, 2000) };

/**
 * A connection to Redis that fails fast. ioredis is loaded on the first one, not at start: most
 * servers (the embedded database, one process) never use Redis, and a package loaded stays in the
 * heap (docs/performance.md#memory). Synchronous, as the connections are made where the app is built.
 */
export function newRedis(url: string, options: RedisOptions = {}): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, { ...FAIL_FAST, ...options });
}
