import { Repeater, SlidingBuffer } from 'graphql-yoga';

/** Events a slow subscriber may have waiting; older ones are dropped (each only says "changed"). */
const STREAM_BUFFER = 16;

/** How long a user's last change is kept for `mark`; after, it is only part of the process's floor. */
const KEEP_LAST_CHANGE_MS = 10 * 60_000;

/**
 * This process's side of per-user change events (api/lib/change-events.ts): each user's open
 * subscriptions, and the listeners told of every change (the per-user caches). Knows nothing of
 * other processes; the event is whatever the caller delivers.
 */
export function createChangeFanOut<E>() {
  const subscribers = new Map<string, Set<(event: E) => void>>();
  const streams = new Set<() => void>();
  const anyChangeListeners = new Set<(userId: string | null) => void>();
  /** When each user's last change was made (its publisher's clock), for KEEP_LAST_CHANGE_MS or longer. */
  const lastChange = new Map<string, number>();
  /** Since when every change is known here: this process's start, or the last "any user may have changed". */
  let knownSince = Date.now();
  /** The latest of the last changes swept away: no user's mark falls below it. */
  let swept = -Infinity;
  let sweptAt = Date.now();
  let draining = false;

  /** Drops, at most once a minute, the last changes kept long enough. */
  const sweep = (now: number) => {
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    for (const [userId, at] of lastChange)
      if (now - at > KEEP_LAST_CHANGE_MS) {
        swept = Math.max(swept, at);
        lastChange.delete(userId);
      }
  };
  /**
   * The user's change mark: when their last change known here was made (its publisher's clock, so
   * every process marks it alike), and never below since when this process knows every change
   * (its start, the last "any user may have changed") nor the last changes it swept. It never
   * falls and every change raises it: a client that read data at one mark missed a change exactly
   * when the mark is now higher.
   */
  const mark = (userId: string) => Math.max(lastChange.get(userId) ?? -Infinity, knownSince, swept);
  /** Any user's data may have changed: every listener drops what it kept. */
  const anyUserChanged = () => {
    // Above every mark given so far, so that none falls (a last change may be ahead of this clock).
    let above = Math.max(Date.now(), knownSince + 1, swept + 1);
    for (const at of lastChange.values()) above = Math.max(above, at + 1);
    knownSince = above;
    lastChange.clear();
    anyChangeListeners.forEach((l) => l(null));
  };
  const endStreams = () => {
    draining = true;
    streams.forEach((stop) => stop());
  };

  return {
    /**
     * One user's change: to their subscribers and to every listener; made `at` (ms), it raises
     * their mark. Without `at` (changes may be missed meanwhile) it is not kept: nothing grows.
     */
    deliver(userId: string, event: E, at?: number) {
      if (at !== undefined) lastChange.set(userId, Math.max(at, mark(userId) + 1));
      sweep(Date.now());
      subscribers.get(userId)?.forEach((push) => push(event));
      anyChangeListeners.forEach((l) => l(userId));
    },
    anyUserChanged,
    /** Changes may have been missed: every listener drops what it kept, and every open subscription gets `event`, so its client refetches. */
    resync(event: E) {
      anyUserChanged();
      subscribers.forEach((pushes) => pushes.forEach((push) => push(event)));
    },
    mark,
    /**
     * The user's stream of events. `opening`, once the stream listens, may answer an event to
     * send first: asked after, not before, so no change falls between the two.
     */
    subscribe(userId: string, opening?: () => E | undefined) {
      return new Repeater<E>(async (push, stop) => {
        if (draining) return stop();
        const listener = (event: E) => void push(event).catch(() => {});
        let pushes = subscribers.get(userId);
        if (!pushes) subscribers.set(userId, (pushes = new Set()));
        pushes.add(listener);
        const first = opening?.();
        if (first) listener(first);
        streams.add(stop);
        await stop;
        streams.delete(stop);
        pushes.delete(listener);
        if (pushes.size === 0) subscribers.delete(userId);
      }, new SlidingBuffer(STREAM_BUFFER));
    },
    onAnyChange(listener: (userId: string | null) => void) {
      anyChangeListeners.add(listener);
      return () => void anyChangeListeners.delete(listener);
    },
    endStreams,
  };
}
