import { Repeater, SlidingBuffer } from 'graphql-yoga';

/** Events a slow subscriber may have waiting; older ones are dropped (each only says "changed"). */
const STREAM_BUFFER = 16;

/**
 * This process's side of per-user change events (api/lib/change-events.ts): each user's open
 * subscriptions, and the listeners told of every change (the per-user caches). Knows nothing of
 * other processes; the event is whatever the caller delivers.
 */
export function createChangeFanOut<E>() {
  const subscribers = new Map<string, Set<(event: E) => void>>();
  const streams = new Set<() => void>();
  const anyChangeListeners = new Set<(userId: string | null) => void>();
  let draining = false;

  /** Any user's data may have changed: every listener drops what it kept. */
  const anyUserChanged = () => anyChangeListeners.forEach((l) => l(null));
  const endStreams = () => {
    draining = true;
    streams.forEach((stop) => stop());
  };

  return {
    /** One user's change: to their subscribers and to every listener. */
    deliver(userId: string, event: E) {
      subscribers.get(userId)?.forEach((push) => push(event));
      anyChangeListeners.forEach((l) => l(userId));
    },
    anyUserChanged,
    /** Changes may have been missed: every listener drops what it kept, and every open subscription gets `event`, so its client refetches. */
    resync(event: E) {
      anyUserChanged();
      subscribers.forEach((pushes) => pushes.forEach((push) => push(event)));
    },
    subscribe(userId: string) {
      return new Repeater<E>(async (push, stop) => {
        if (draining) return stop();
        const listener = (event: E) => void push(event).catch(() => {});
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
    onAnyChange(listener: (userId: string | null) => void) {
      anyChangeListeners.add(listener);
      return () => void anyChangeListeners.delete(listener);
    },
    endStreams,
  };
}
