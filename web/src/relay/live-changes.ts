import { startTransition, useEffect, useSyncExternalStore } from 'react';
import { graphql, requestSubscription } from 'react-relay';
import type { Disposable, IEnvironment } from 'relay-runtime';
import type { liveChangesSubscription } from '../__generated__/liveChangesSubscription.graphql.ts';
import { changesSince, onSubscriptionReconnected } from './environment.ts';
import { CLIENT_ID, forgetPrefetched } from './graphql-request.ts';

/**
 * Live updates: the server's `changes` subscription, through the Relay network's subscribe
 * (GraphQL over SSE). Listeners hear of every change of the signed-in user's data, made in any
 * other tab, device or API client, and once more whenever the stream is back after a drop (what
 * changed meanwhile went unheard). Screens refetch their own queries: the event says only
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
 */
export function runLiveChanges(environment: IEnvironment, signal: AbortSignal) {
  if (signal.aborted) return;
  let current: Disposable | undefined;
  let restart: ReturnType<typeof setTimeout> | undefined;
  // The first stream asks the server for any change since the screens' data was read (it opens
  // after the first screen); a later one emits itself, having been cut off.
  const start = (first: boolean) => {
    current = requestSubscription<liveChangesSubscription>(environment, {
      subscription,
      variables: { since: first ? changesSince() : null },
      onNext: (data) => {
        if (data?.changes.origin !== CLIENT_ID) emit();
      },
      onError() {}, // refused (signed out): nothing to listen to
      onCompleted() {
        restart = setTimeout(() => {
          emit();
          start(false);
        }, 1000);
      },
    });
  };
  const stopListening = onSubscriptionReconnected(emit);
  start(true);
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(restart);
      current?.dispose();
      stopListening();
    },
    { once: true },
  );
}
