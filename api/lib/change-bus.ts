import crypto from 'node:crypto';
import { newRedis, type RedisTarget } from './redis-client.ts';

/** The Redis channel (after the deployment's prefix) every process publishes its changes on and listens to. */
const CHANNEL = 'changes';

/** What travels on the channel: one user's change, or "changes may have been missed". */
type BusMessage<E> = { from: string; userId: string; event: E } | { from: string; resync: true };

/**
 * Per-user change events between processes (api/lib/change-events.ts), over one Redis channel: two
 * connections (one publishes, one listens) that reconnect on their own, forever, with a capped
 * backoff. A process hears the others' changes (`change`), never its own.
 *
 * Nothing waits for Redis: a change published while it is away is not queued
 * (`enableOfflineQueue: false`), so memory stays flat however long the outage lasts. `lost` is
 * called when the listener drops (the others' changes no longer arrive), `missed` once it is
 * subscribed again after a drop or a start without Redis, and when another process says its own
 * publishing failed meanwhile: this process asks the others the same when its publishing failed.
 */
export function connectChangeBus<E>(
  { url, prefix }: RedisTarget,
  log: (message: string) => void,
  on: { change(userId: string, event: E): void; missed(): void; lost(): void },
) {
  const instance = crypto.randomUUID();
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
  const send = (message: BusMessage<E>) => publisher.publish(channel, JSON.stringify(message));
  listener.on('ready', () => {
    listener.subscribe(channel).then(
      () => {
        subscribed = true;
        // Back after a drop, or up after a start without Redis: other processes' changes meanwhile were missed.
        const missed = everUp || reportedDown;
        if (reportedDown) log('live updates: Redis is back; clients refetch what they show');
        reportedDown = false;
        everUp = true;
        if (missed) on.missed();
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
      const message = JSON.parse(text) as BusMessage<E>;
      if (message.from === instance) return;
      if ('resync' in message) on.missed();
      else on.change(message.userId, message.event);
    } catch {
      // not one of ours
    }
  });
  publisher.on('error', () => {}); // reported by the listener, which shares its fate
  publisher.on('ready', () => {
    if (!publishMissed) return;
    publishMissed = false;
    void send({ from: instance, resync: true }).catch(() => (publishMissed = true));
  });

  return {
    /** Whether the others' changes reach this process now. */
    up: () => subscribed,
    publish(userId: string, event: E) {
      if (publisher.status !== 'ready') {
        publishMissed = true;
        return;
      }
      void send({ from: instance, userId, event }).catch(() => (publishMissed = true));
    },
    close() {
      closing = true;
      publisher.disconnect();
      listener.disconnect();
    },
  };
}
