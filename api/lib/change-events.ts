import crypto from 'node:crypto';
import { Repeater, SlidingBuffer } from 'graphql-yoga';
import { newRedis } from './redis-client.ts';
import { PerUserCache } from './per-user-cache.ts';

/** How long a memoized read may be reused at most, even without a change (a safety net). */
const MEMO_TTL_MS = 60_000;
/** The Redis channel (after the deployment's prefix) every process publishes its changes on and listens to. */
const CHANNEL = 'changes';
/** Events a slow subscriber may have waiting; older ones are dropped (each only says "changed"). */
const STREAM_BUFFER = 16;

/**
 * "The user's data changed", so their other tabs and devices refetch what they show (GraphQL
 * subscription). One kind of event for every change: screens refetch their own queries.
 */
export interface ChangeEvent {
  /** The X-Client-Id of the request that made the change, so that client can skip what it already shows. */
  origin: string | null;
  at: string;
}

/** Where changes reach: this process only, every process (Redis), or this process while Redis is away. */
export type ChangeEventsReach = 'process' | 'shared' | 'degraded';

/** What travels on the Redis channel: one user's change, or "changes may have been missed". */
type BusMessage = { from: string; userId: string; event: ChangeEvent } | { from: string; resync: true };

export type ChangeEvents = ReturnType<typeof createChangeEvents>;

/** A Redis server, and the prefix of every key and channel this deployment uses on it. */
export interface RedisTarget {
  url: string;
  prefix: string;
}

/**
 * Per-user change events. Delivery within the process never depends on Redis; with `redis`
 * every change also goes to the other processes through one Redis channel, which they deliver to
 * their own subscribers and caches.
 *
 * When Redis goes away (docs/operations.md#what-a-fault-costs) changes keep reaching this
 * process's subscribers, but another process's changes no longer arrive: the per-user caches are
 * emptied and bypassed until Redis is back, so no read is stale. When it is back, caches are
 * emptied again and every open subscription gets one change event (origin null), so each client
 * refetches what it shows and nothing missed stays on screen. A process whose own publishing
 * failed meanwhile asks the others to do the same.
 */
export function createChangeEvents(redis?: RedisTarget, log: (message: string) => void = (m) => console.error(m)) {
  const instance = crypto.randomUUID();
  const subscribers = new Map<string, Set<(event: ChangeEvent) => void>>();
  const streams = new Set<() => void>();
  let draining = false;
  const anyChangeListeners = new Set<(userId: string | null) => void>();
  // Per-user memo of expensive reads (counts over 100k rows), dropped on the user's next change.
  const memo = new PerUserCache<Promise<unknown>>({ maxPerUser: 100, sweepEveryMs: MEMO_TTL_MS });
  anyChangeListeners.add((userId) => (userId === null ? memo.clear() : memo.dropUser(userId)));

  const deliver = (userId: string, event: ChangeEvent) => {
    subscribers.get(userId)?.forEach((push) => push(event));
    anyChangeListeners.forEach((l) => l(userId));
  };
  /** Changes may have been missed: drop every cache, and have every open subscription's client refetch. */
  const resync = () => {
    anyChangeListeners.forEach((l) => l(null));
    const event = { at: new Date().toISOString(), origin: null };
    subscribers.forEach((pushes) => pushes.forEach((push) => push(event)));
  };

  const endStreams = () => {
    draining = true;
    streams.forEach((stop) => stop());
  };

  const bus = redis
    ? connectBus(redis, instance, log, {
        message(message) {
          if (message.from === instance) return;
          if ('resync' in message) resync();
          else deliver(message.userId, message.event);
        },
        lost: () => anyChangeListeners.forEach((l) => l(null)),
        restored: resync,
      })
    : undefined;

  return {
    /** Announces a change of the user's data: to their subscribers, and to every process's caches. */
    publish(userId: string, origin: string | null = null) {
      const event = { at: new Date().toISOString(), origin };
      deliver(userId, event);
      bus?.publish({ from: instance, userId, event });
    },
    subscribe(userId: string) {
      return new Repeater<ChangeEvent>(async (push, stop) => {
        if (draining) return stop();
        const listener = (event: ChangeEvent) => void push(event).catch(() => {});
        let pushes = subscribers.get(userId);
        if (!pushes) subscribers.set(userId, (pushes = new Set()));
        pushes.add(listener);
        streams.add(stop);
        await stop;
        streams.delete(stop);
        pushes.delete(listener);
        if (pushes.size === 0) subscribers.delete(userId);
      }, new SlidingBuffer(STREAM_BUFFER));
    },
    /** Where changes reach now (readiness and tests). */
    reach(): ChangeEventsReach {
      return !bus ? 'process' : bus.up() ? 'shared' : 'degraded';
    },
    /** Whether per-process caches may be used: every change that could make them stale reaches this process. */
    cachesUsable() {
      return !bus || bus.up();
    },
    /**
     * `compute()`'s result for this user and key, reused until the user's data changes (or a
     * minute passes, as a safety net). For reads that only the user's own writes can change.
     */
    cached<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
      if (bus && !bus.up()) return compute();
      const hit = memo.get(userId, key);
      if (hit) return hit as Promise<T>;
      const value = compute();
      memo.set(userId, key, value, MEMO_TTL_MS);
      value.catch(() => memo.delete(userId, key));
      return value;
    },
    /** Calls `listener` with the user id of every change, in any process; `null`: any user's data may have changed. */
    onAnyChange(listener: (userId: string | null) => void) {
      anyChangeListeners.add(listener);
      return () => void anyChangeListeners.delete(listener);
    },
    /** Ends every open subscription and refuses new ones (shutdown): their clients reconnect to another process. */
    endStreams,
    async close() {
      endStreams();
      bus?.close();
    },
  };
}

/**
 * Two Redis connections (one publishes, one listens) that reconnect on their own, forever, with a
 * capped backoff. Nothing waits for Redis: a change published while it is away is not queued
 * (`enableOfflineQueue: false`), so memory stays flat however long the outage lasts; `restored`
 * is called once the listener is subscribed again, and the other processes are asked to resync
 * when this process's own publishing failed meanwhile.
 */
function connectBus(
  { url, prefix }: RedisTarget,
  instance: string,
  log: (message: string) => void,
  on: { message(message: BusMessage): void; lost(): void; restored(): void },
) {
  const publisher = newRedis(url);
  const listener = newRedis(url, { autoResubscribe: false });
  const channel = `${prefix}${CHANNEL}`;
  let subscribed = false;
  let everUp = false;
  let publishMissed = false;
  let reportedDown = false;
  let closing = false;

  const down = (why: string) => {
    if (closing) return;
    if (!reportedDown) log(`live updates: Redis is not reachable (${why}); changes reach this process only until it is back`);
    reportedDown = true;
  };
  listener.on('ready', () => {
    listener.subscribe(channel).then(
      () => {
        subscribed = true;
        // Back after a drop, or up after a start without Redis: other processes' changes meanwhile were missed.
        const missed = everUp || reportedDown;
        if (reportedDown) log('live updates: Redis is back; clients refetch what they show');
        reportedDown = false;
        everUp = true;
        if (missed) on.restored();
      },
      (err: Error) => down(err.message),
    );
  });
  listener.on('close', () => {
    if (subscribed) on.lost();
    subscribed = false;
    down('connection closed');
  });
  listener.on('error', (err: Error) => down(err.message));
  listener.on('message', (_channel: string, text: string) => {
    try {
      on.message(JSON.parse(text) as BusMessage);
    } catch {
      // not one of ours
    }
  });
  publisher.on('error', () => {}); // reported by the listener, which shares its fate
  publisher.on('ready', () => {
    if (!publishMissed) return;
    publishMissed = false;
    void publisher
      .publish(channel, JSON.stringify({ from: instance, resync: true } satisfies BusMessage))
      .catch(() => (publishMissed = true));
  });

  return {
    up: () => subscribed,
    publish(message: BusMessage) {
      if (publisher.status !== 'ready') {
        publishMissed = true;
        return;
      }
      void publisher.publish(channel, JSON.stringify(message)).catch(() => (publishMissed = true));
    },
    close() {
      closing = true;
      publisher.disconnect();
      listener.disconnect();
    },
  };
}
