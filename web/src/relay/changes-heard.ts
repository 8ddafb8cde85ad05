import { forgetPrefetched } from './graphql-request.ts';

/**
 * The changes this tab hears of (docs/architecture.md#live-updates): the live-updates stream
 * (live-changes.ts) tells of every change of the budget's data made in another tab, device or API
 * client, and a failed read asks for the same again (`askAgainAfter`). Screens refetch their own
 * queries: a change says only "changed". This tab's own writes are not told: their mutations
 * already updated the store.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onChange(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** How many changes this tab has heard of. */
let heard = 0;

/**
 * The number of changes heard so far: kept by a component whose query is asked later than it
 * mounts (a lazy one), which asks again at once for a change heard in between (route-query.ts's
 * `useRefetchOnChange`).
 */
export const changesHeard = () => heard;

/** Tells every listener of a change (the stream heard one, or screens must ask again). */
export function emitChange() {
  heard += 1;
  forgetPrefetched();
  listeners.forEach((l) => l());
}

let askingAgain = false;

/**
 * A read failed (no answer, or the server's failure): a screen refetching after a change may still
 * show what it showed before it, and the stream will not tell of that change again. After `waitMs`,
 * and once the browser is online, every screen asks again as for a change; one such wait at a time.
 */
export function askAgainAfter(waitMs: number) {
  if (askingAgain) return;
  askingAgain = true;
  const again = () => {
    askingAgain = false;
    emitChange();
  };
  setTimeout(() => (navigator.onLine ? again() : window.addEventListener('online', again, { once: true })), waitMs);
}
