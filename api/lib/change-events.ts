import { createChangeFanOut } from './change-fan-out.ts';
import { connectChangeBus } from './change-bus.ts';
import type { RedisTarget } from './redis-client.ts';

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

export type ChangeEvents = ReturnType<typeof createChangeEvents>;

/**
 * Per-user change events. Delivery within the process (api/lib/change-fan-out.ts) never depends on
 * Redis; with `redis` every change also goes to the other processes (api/lib/change-bus.ts), which
 * deliver it to their own subscribers and caches.
 *
 * When Redis goes away (docs/operations.md#what-a-fault-costs) changes keep reaching this
 * process's subscribers, but another process's changes no longer arrive: the per-user caches are
 * emptied and bypassed until Redis is back, so no read is stale. When it is back, caches are
 * emptied again and every open subscription gets one change event (origin null), so each client
 * refetches what it shows and nothing missed stays on screen.
 */
export function createChangeEvents(redis?: RedisTarget, log: (message: string) => void = (m) => console.error(m)) {
  const local = createChangeFanOut<ChangeEvent>();
  const madeHere = new Set<(userId: string, origin: string | null) => void>();
  const bus = redis
    ? connectChangeBus<ChangeEvent>(redis, log, {
        change: (userId, event) => local.deliver(userId, event, Date.parse(event.at)),
        missed: () => local.resync({ at: new Date().toISOString(), origin: null }),
        lost: local.anyUserChanged,
      })
    : undefined;
  /** Whether every change that could matter reaches this process (no Redis, or Redis up). */
  const allChangesArrive = () => !bus || bus.up();

  return {
    /** Announces a change of the user's data: to their subscribers, and to every process's caches. */
    publish(userId: string, origin: string | null = null) {
      const now = new Date();
      const event = { at: now.toISOString(), origin };
      // While Redis is away nothing is kept per change (a stream then starts with an event anyway,
      // and the marks all rise when Redis is back).
      local.deliver(userId, event, allChangesArrive() ? now.getTime() : undefined);
      bus?.publish(userId, event);
      madeHere.forEach((listener) => listener(userId, origin));
    },
    /**
     * The user's changes, from any process, as a stream (the GraphQL subscription `changes`). With
     * `seen`, the change mark the client's data was read at (`mark`), the stream starts with one
     * event (origin null) when the user's data changed since, or when this process cannot tell
     * (Redis away): what changed before the stream opened is not missed.
     */
    subscribe(userId: string, seen?: number | null) {
      if (seen == null) return local.subscribe(userId);
      return local.subscribe(userId, () =>
        !allChangesArrive() || local.mark(userId) > seen ? { at: new Date().toISOString(), origin: null } : undefined,
      );
    },
    /** The user's change mark now (api/lib/change-fan-out.ts), sent with each GraphQL answer as X-Change-Mark. */
    mark: local.mark,
    /** Calls `listener` with the user id of every change, in any process; `null`: any user's data may have changed. */
    onAnyChange: local.onAnyChange,
    /**
     * Calls `listener` with the user id (and origin) of every change this process made, not those
     * another process made: for work one process should do per change (the reminders' check),
     * which every process would otherwise repeat.
     */
    onChangeHere(listener: (userId: string, origin: string | null) => void) {
      madeHere.add(listener);
      return () => void madeHere.delete(listener);
    },
    /** Where changes reach now (readiness and tests). */
    reach(): ChangeEventsReach {
      return !bus ? 'process' : bus.up() ? 'shared' : 'degraded';
    },
    /** Whether per-process caches may be used: every change that could make them stale reaches this process. */
    cachesUsable: allChangesArrive,
    /** Ends every open subscription and refuses new ones (shutdown): their clients reconnect to another process. */
    endStreams: local.endStreams,
    async close() {
      local.endStreams();
      bus?.close();
    },
  };
}
