import type { Client } from 'graphql-sse';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
  type SubscribeFunction,
} from 'relay-runtime';
import { httpError } from '../lib/http-error.ts';
import { CHANGE_MARK_HEADER } from '../../../shared/change-mark.ts';
import { forgetPrefetched, graphqlHeaders, operationBody, postGraphQL, sendGraphQL } from './graphql-request.ts';
import { budgetVanished, chosenBudgetId, isBudgetGone } from './budget-selection.ts';
import { forgetChangeMarks, noteChangeMark } from './change-marks.ts';
import { askAgainAfter } from './changes-heard.ts';

async function fetchGraphQLResponse(operation: RequestParameters, variables: Variables): Promise<GraphQLResponse> {
  // A write makes what was prefetched before it, or while it ran, out of date.
  const writes = operation.operationKind === 'mutation';
  if (writes) forgetPrefetched();
  const budget = chosenBudgetId();
  let res: Response;
  try {
    res = await (writes ? postGraphQL(operation, variables) : sendGraphQL(operation, variables));
  } catch (err) {
    if (!writes) readFailed();
    throw err;
  }
  if (writes) forgetPrefetched();
  else if (res.status >= 500) readFailed();
  else failedReads = 0;
  noteChangeMark(budget, res.headers.get(CHANGE_MARK_HEADER));
  // A signed-out request answers 401: surface it as the "401: ...Unauthorized" error (docs/product.md#messages-and-errors).
  if (res.status === 401) throw new Error('401: {"message":"Unauthorized"}');
  if (!res.ok && !res.headers.get('content-type')?.includes('json')) throw await httpError(res);
  const body = (await res.json()) as GraphQLResponse & { errors?: { message?: string; extensions?: { code?: string } }[] };
  if (body.errors?.[0]?.extensions?.code === UNKNOWN_DOCUMENT) reloadForNewVersion();
  if (budget !== null && isBudgetGone(res.status, body)) {
    // Removed from the budget (or it was deleted): the tab goes back to the personal budget. A
    // read asks again there; a write is never sent again to another budget than the one meant.
    budgetVanished(budget);
    if (!writes) return fetchGraphQLResponse(operation, variables);
  }
  return body;
}

/** Reads that failed in a row: the screens ask again after a growing wait (`askAgainAfter`). */
let failedReads = 0;
const readFailed = () => askAgainAfter(backoffMs(failedReads++));

const fetchGraphQL: FetchFunction = (operation, variables) => fetchGraphQLResponse(operation, variables);

/** The server's code for an operation id it does not know: it runs a newer version of the app than this page. */
const UNKNOWN_DOCUMENT = 'PERSISTED_QUERY_NOT_FOUND';

/**
 * Loads the app's new version, at most once a minute: a server that still lacks the id (or
 * storage that is blocked) must not loop the page; the screen shows the server's message instead.
 */
function reloadForNewVersion() {
  const key = 'reloaded-for-new-version';
  try {
    if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return;
  }
  window.location.reload();
}

/** The wait before reconnection attempt `n` (0, 1, ...): 1 s doubling to 30 s, ±25% so clients cut off together spread out. */
function backoffMs(n: number) {
  return Math.min(1000 * 2 ** n, 30_000) * (0.75 + Math.random() / 2);
}

/** A refusal that retrying cannot change: signed out, forbidden, a bad request. */
function isFinalRefusal(status: number) {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Subscriptions: GraphQL over Server-Sent Events in the "distinct connections mode" Yoga serves
 * (one POST with `Accept: text/event-stream` per subscription), through graphql-sse's client with
 * the same credentials and headers as queries. A dropped or failed connection is retried with
 * backoff for as long as the subscription lives; a final refusal (401 when signed out) ends it
 * with that error.
 */
const subscribeGraphQL: SubscribeFunction = (operation, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    let failures = 0; // attempts since the stream was last up
    let refused: Response | undefined;
    let client: Client | undefined;
    let ended = false;
    const fail = (err: unknown) => sink.error(err instanceof Error ? err : new Error(String(err)));
    // The client's code loads with the first subscription, after the first screen: not in the main script.
    void import('graphql-sse').then(({ createClient }) => {
      if (ended) return;
      client = createClient({
        url: '/graphql',
        credentials: 'same-origin',
        headers: graphqlHeaders,
        async fetchFn(input: RequestInfo | URL, init?: RequestInit) {
          refused = undefined;
          const res = await fetch(input, init);
          if (isFinalRefusal(res.status)) refused = res;
          return res;
        },
        retryAttempts: Infinity,
        // Runs before each new attempt; an error other than graphql-sse's NetworkError ends the subscription.
        async retry() {
          if (refused) throw await httpError(refused);
          await new Promise((resolve) => setTimeout(resolve, backoffMs(failures++)));
        },
        on: {
          connected() {
            failures = 0;
          },
        },
      });
      client.subscribe(
        // graphql-sse's type asks for a text; the server takes the id instead (an empty text is none).
        { query: '', ...operationBody(operation, variables) },
        {
          next: (result) => sink.next(result as GraphQLResponse),
          error: fail,
          complete: () => sink.complete(),
        },
      );
    }, fail);
    return () => {
      ended = true;
      client?.dispose(); // closes the stream
    };
  });

const network = Network.create(fetchGraphQL, subscribeGraphQL);
const newEnvironment = () => new Environment({ network, store: new Store(new RecordSource()) });
let environment = newEnvironment();

/**
 * The app's Relay environment: one per budget the tab works in. Switching budgets starts a new one
 * (`renewEnvironment`), so nothing of the previous budget's data stays in the store.
 */
export function relayEnvironment() {
  return environment;
}

export function renewEnvironment() {
  forgetChangeMarks();
  environment = newEnvironment();
  return environment;
}
