import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

/** What changed for a user, so their other tabs and devices can refresh (GraphQL subscription). */
export interface ChangeEvent {
  /** The kind of data that changed, e.g. "transactions", "accounts". */
  topics: string[];
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
  const pubsub = createPubSub<{ changes: [userId: string, event: ChangeEvent]; anyChange: [userId: string] }>(eventTarget ? { eventTarget } : {});
  const anyChangeListeners = new Set<(userId: string) => void>();
  // One subscription per process fans out to local listeners.
  const anyChange = pubsub.subscribe('anyChange');
  void (async () => {
    for await (const userId of anyChange) anyChangeListeners.forEach((l) => l(userId));
  })();
  return {
    publish(userId: string, ...topics: string[]) {
      pubsub.publish('changes', userId, { topics, at: new Date().toISOString() });
      pubsub.publish('anyChange', userId);
    },
    subscribe(userId: string) {
      return pubsub.subscribe('changes', userId);
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
