import { graphql, requestSubscription } from 'react-relay';
import type { Disposable, IEnvironment } from 'relay-runtime';
import type { liveChangesSubscription } from '../__generated__/liveChangesSubscription.graphql.ts';
import { shownSince, streamOpenedWith } from './change-marks.ts';
import { CLIENT_ID } from './graphql-request.ts';
import { emitChange } from './changes-heard.ts';

/** Live updates: the server's `changes` subscription, through the Relay network's subscribe (GraphQL over SSE). */
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
  streamOpenedWith(since, emitChange);
  let current: Disposable | undefined;
  let restart: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    current = requestSubscription<liveChangesSubscription>(environment, {
      subscription,
      variables: { since },
      onNext: (data) => {
        if (data?.changes.origin !== CLIENT_ID) emitChange();
      },
      onError() {}, // refused (signed out): nothing to listen to
      // The server ends a stream when it stops, or when the user's access changed (signed out,
      // removed from the budget): the screens ask again, and learn which.
      onCompleted() {
        restart = setTimeout(() => {
          emitChange();
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
