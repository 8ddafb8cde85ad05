import type { RequestParameters, Variables } from 'relay-runtime';

/**
 * How this app sends a GraphQL query, and the queries sent before the app's code has loaded
 * (boot.ts), which the Relay network layer then takes instead of asking again.
 * No React and no Relay runtime here: the boot script loads this before either.
 */

/**
 * This tab's id: the server names it in the change events this tab's own writes cause.
 * (`getRandomValues`, unlike `randomUUID`, also works on plain http:// beyond localhost.)
 */
export const CLIENT_ID = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Headers of every GraphQL request: the CSRF header the server requires, the user's time zone, this tab. */
export function graphqlHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-graphql-yoga-csrf': '1',
    'x-time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    'x-client-id': CLIENT_ID,
  };
}

export function postGraphQL(operation: RequestParameters, variables: Variables) {
  return fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: graphqlHeaders(),
    body: JSON.stringify({ query: operation.text, variables }),
  });
}

/** A prefetched answer older than this is not used: the screen asks afresh. */
const FRESH_MS = 10_000;
const prefetched = new Map<string, { at: number; response: Promise<Response> }>();
const keyOf = (operation: RequestParameters, variables: Variables) => `${operation.name}:${JSON.stringify(variables)}`;

/** Sends a query now (unless it was just sent), for the network layer to take when the screen asks for it. */
export function prefetchGraphQL(operation: RequestParameters, variables: Variables) {
  const key = keyOf(operation, variables);
  const found = prefetched.get(key);
  if (found && performance.now() - found.at < FRESH_MS) return;
  prefetched.set(key, { at: performance.now(), response: postGraphQL(operation, variables) });
}

/** Drops every prefetched answer: the data changed since (a write here or elsewhere). */
export function forgetPrefetched() {
  prefetched.clear();
}

/** The prefetched answer to this query, once, while fresh. */
export function takePrefetched(operation: RequestParameters, variables: Variables) {
  const key = keyOf(operation, variables);
  const found = prefetched.get(key);
  prefetched.delete(key);
  return found && performance.now() - found.at < FRESH_MS ? found.response : undefined;
}
