import { startTransition, useEffect, useSyncExternalStore } from 'react';
import { graphql, requestSubscription } from 'react-relay';
import type { Disposable, IEnvironment } from 'relay-runtime';
import type { liveChangesSubscription } from '../__generated__/liveChangesSubscription.graphql.ts';
import { shownSince, streamOpenedWith } from './change-marks.ts';
import { CLIENT_ID, forgetPrefetched } from './graphql-request.ts';

/**
 * Live updates: the server's `changes` subscription, through the Relay network's subscribe
 * (GraphQL over SSE). Listeners hear of every change of the signed-in user's data, made in any
 * other tab, device or API client, including one made while the stream was not open yet or down
 * (`runLiveChanges`). Screens refetch their own queries: the event says only
 * "changed". This tab's own writes are skipped: their mutations already updated the store.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onChange(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A list that asks its own query again (a pagination fragment's `refetch`) on every change, from
 * the network, in a transition: what it shows stays on screen until the new answer is in.
 */
export function useRefetchOnChange(refetch: (variables: object, options: { fetchPolicy: 'network-only' }) => unknown) {
  useEffect(
    () =>
      onChange(() =>
        startTransition(() => {
          refetch({}, { fetchPolicy: 'network-only' });
        }),
      ),
    [refetch],
  );
}

/** How many changes this tab has heard of. */
let heard = 0;

/**
 * The number of changes heard so far, re-rendering on each: a `fetchKey` for a query of a
 * component that loads later than the one asking (a lazy one), which would miss a change heard
 * in between with a listener of its own.
 */
export function useChangeCount() {
  return useSyncExternalStore(onChange, () => heard);
}

function emit() {
  heard += 1;
  forgetPrefetched();
  listeners.forEach((l) => l());
}

const subscription = graphql`
  subscription liveChangesSubscription($since: String) {
    changes(since: $since) {
      origin
    }
  }
`;

/**
 * Keeps the subscription open on `environment` (the budget's: its requests name the budget, so the
 * events are that budget's) until `signal` aborts. The network reconnects with backoff when the
 * connection drops; signed out (401), the subscription ends. Should the server end the stream, it
 * is opened again a second later.
 *
 * Every stream, and every reconnection of it, names the change mark of the earliest answer shown
 * (change-marks.ts): the server starts it with one event if anything changed since, so nothing
 * made before it opened (after the first screen), while it was down or between two streams is
 * missed. It opens once the first answer is in, and an answer read before its mark is stale.
 */
export async function runLiveChanges(environment: IEnvironment, signal: AbortSignal) {
  const since = await shownSince(signal);
  if (signal.aborted) return;
  streamOpenedWith(since, emit);
  let current: Disposable | undefined;
  let restart: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    current = requestSubscription<liveChangesSubscription>(environment, {
      subscription,
      variables: { since },
      onNext: (data) => {
        if (data?.changes.origin !== CLIENT_ID) emit();
      },
      onError() {}, // refused (signed out): nothing to listen to
      // The server ends a stream when it stops, or when the user's access changed (signed out,
      // removed from the budget): the screens ask again, and learn which.
      onCompleted() {
        restart = setTimeout(() => {
          emit();
          start();
        }, 1000);
      },
    });
  };
  start();
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(restart);
      current?.dispose();
    },
    { once: true },
  );
}
