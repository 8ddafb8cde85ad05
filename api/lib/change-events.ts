import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import { PerUserCache } from './per-user-cache.ts';

/** How long a memoized read may be reused at most, even without a change (a safety net). */
const MEMO_TTL_MS = 60_000;

/**
 * "The user's data changed", so their other tabs and devices refetch what they show (GraphQL
 * subscription). One kind of event for every change: screens refetch their own queries.
 */
export interface ChangeEvent {
  /** The X-Client-Id of the request that made the change, so that client can skip what it already shows. */
  origin: string | null;
  at: string;
}

export type ChangeEvents = ReturnType<typeof createChangeEvents>;

/**
 * Per-user change events, in-process by default, through Redis when several processes run.
 * Every change is also announced on one process-wide topic, which per-process caches follow.
 */
export function createChangeEvents(redisUrl?: string) {
  let closeRedis = async () => {};
  let eventTarget;
  if (redisUrl) {
    const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
    closeRedis = async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    };
  }
  const pubsub = createPubSub<{ changes: [userId: string, event: ChangeEvent]; anyChange: [userId: string] }>(
    eventTarget ? { eventTarget } : {},
  );
  const anyChangeListeners = new Set<(userId: string) => void>();
  // Per-user memo of expensive reads (counts over 100k rows), dropped on the user's next change.
  const memo = new PerUserCache<Promise<unknown>>({ maxPerUser: 100, sweepEveryMs: MEMO_TTL_MS });
  anyChangeListeners.add((userId) => memo.dropUser(userId));
  // One subscription per process fans out to local listeners.
  const anyChange = pubsub.subscribe('anyChange');
  void (async () => {
    for await (const userId of anyChange) anyChangeListeners.forEach((l) => l(userId));
  })();
  return {
    /** Announces a change of the user's data: to their subscribers, and to every process's caches. */
    publish(userId: string, origin: string | null = null) {
      pubsub.publish('changes', userId, { at: new Date().toISOString(), origin });
      pubsub.publish('anyChange', userId);
    },
    subscribe(userId: string) {
      return pubsub.subscribe('changes', userId);
    },
    /**
     * `compute()`'s result for this user and key, reused until the user's data changes (or a
     * minute passes, as a safety net). For reads that only the user's own writes can change.
     */
    cached<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
      const hit = memo.get(userId, key);
      if (hit) return hit as Promise<T>;
      const value = compute();
      memo.set(userId, key, value, MEMO_TTL_MS);
      value.catch(() => memo.delete(userId, key));
      return value;
    },
    /** Calls `listener` with the user id of every change, in any process. */
    onAnyChange(listener: (userId: string) => void) {
      anyChangeListeners.add(listener);
      return () => void anyChangeListeners.delete(listener);
    },
    async close() {
      await anyChange.return();
      await closeRedis();
    },
  };
}
