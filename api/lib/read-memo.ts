import type { ChangeEvents } from './change-events.ts';
import { PerUserCache } from './per-user-cache.ts';

/** How long a memoized read may be reused at most, even without a change (a safety net). */
const MEMO_TTL_MS = 60_000;
const MAX_KEYS_PER_USER = 100;
/** How long a read's last figures are kept for bringing up to date (`lastRead`). */
const LAST_READ_TTL_MS = 10 * 60_000;

/**
 * Expensive per-user reads (counts and sums over 100k rows), kept until the user's next change,
 * from any process, as the GraphQL response cache is (api/graphql/response-cache.ts): dropped on
 * the user's change events, emptied when changes may have been missed, and bypassed while other
 * processes' changes cannot reach this one (Redis away).
 */
export function createReadMemo(events: Pick<ChangeEvents, 'onAnyChange' | 'cachesUsable'>) {
  const memo = new PerUserCache<Promise<unknown>>({ maxPerUser: MAX_KEYS_PER_USER, sweepEveryMs: MEMO_TTL_MS });
  events.onAnyChange((userId) => (userId === null ? memo.clear() : memo.dropUser(userId)));
  const lastReads = new PerUserCache<unknown>({ maxPerUser: MAX_KEYS_PER_USER, sweepEveryMs: MEMO_TTL_MS });
  return {
    /**
     * `compute()`'s result for this user and key, reused until the user's data changes (or a
     * minute passes, as a safety net). For reads that only the user's own writes can change.
     */
    cached<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
      if (!events.cachesUsable()) return compute();
      const hit = memo.get(userId, key);
      if (hit) return hit as Promise<T>;
      const value = compute();
      memo.set(userId, key, value, MEMO_TTL_MS);
      value.catch(() => memo.delete(userId, key));
      return value;
    },
    /**
     * What a read kept with `keepRead`, kept across the user's changes (ten minutes at most): for a
     * read that brings its last figures up to date itself, asking the database only for what
     * changed since (the Budget's month: docs/performance.md#the-budgets-month). Never mutated.
     */
    lastRead<T>(userId: string, key: string): T | undefined {
      return lastReads.get(userId, key) as T | undefined;
    },
    keepRead<T>(userId: string, key: string, value: T) {
      lastReads.set(userId, key, value, LAST_READ_TTL_MS);
    },
  };
}

export type ReadMemo = ReturnType<typeof createReadMemo>;
