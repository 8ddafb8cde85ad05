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

/** Per-user change events, in-process by default, through Redis when several processes run. */
export function createChangeEvents(redisUrl?: string) {
  let close = async () => {};
  let eventTarget;
  if (redisUrl) {
    const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
    close = async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    };
  }
  const pubsub = createPubSub<{ changes: [userId: string, event: ChangeEvent] }>(eventTarget ? { eventTarget } : {});
  return {
    publish(userId: string, ...topics: string[]) {
      pubsub.publish('changes', userId, { topics, at: new Date().toISOString() });
    },
    subscribe(userId: string) {
      return pubsub.subscribe('changes', userId);
    },
    close,
  };
}
