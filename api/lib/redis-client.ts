import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

/**
 * A connection to Redis. ioredis is loaded on the first one, not at start: most servers (the
 * embedded database, one process) never use Redis, and the package costs ~7 MB of heap
 * (docs/performance.md#memory). Synchronous, as the connections are made where the app is built.
 */
export function newRedis(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}
