import type { RequestParameters, Variables } from 'relay-runtime';
import { firstScreen } from './first-screen.ts';
import { budgetHeaders, chosenBudgetId } from './budget-selection.ts';
import { CHANGE_MARK_HEADER } from '../../../shared/change-mark.ts';

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

/** The browser's time zone, which the server counts days and months in. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Headers of every GraphQL request: the CSRF header the server requires, the user's time zone,
 * this tab, and the budget it works in (budget-selection.ts).
 */
export function graphqlHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-graphql-yoga-csrf': '1',
    'x-time-zone': timeZone(),
    'x-client-id': CLIENT_ID,
    ...budgetHeaders(),
  };
}

/**
 * What a request asks for: the operation's id, which the server knows the text of (the compiler
 * persists every operation of the app: docs/architecture.md#trusted-documents), or its text where
 * it has no id.
 */
export function operationBody(operation: RequestParameters, variables: Variables) {
  if (!operation.id) return { query: operation.text ?? '', operationName: operation.name, variables };
  return { operationName: operation.name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: operation.id } } };
}

export function postGraphQL(operation: RequestParameters, variables: Variables) {
  return fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: graphqlHeaders(),
    body: JSON.stringify(operationBody(operation, variables)),
  });
}

/** A prefetched answer older than this is not used: the screen asks afresh. */
const FRESH_MS = 10_000;
/** A request sent: its answer until the network layer takes it, then when it was taken. */
interface Sent {
  at: number;
  response?: Promise<Response>;
  takenAt?: number;
}
/** Per query and variables, the last request sent. */
const sent = new Map<string, Sent>();
/** The budget is part of the key: an answer of one budget is never taken for another's. */
const keyOf = (operation: RequestParameters, variables: Variables, budget = chosenBudgetId()) =>
  `${operation.name}:${JSON.stringify(variables)}${budget === null ? '' : `@${budget}`}`;
/** An answer prefetched, not yet taken, still fresh. */
const waiting = (last: Sent | undefined, now: number) => (last?.response && now - last.at < FRESH_MS ? last.response : undefined);

function remember(key: string, entry: Sent) {
  for (const [k, e] of sent) if (entry.at - e.at >= FRESH_MS) sent.delete(k);
  sent.set(key, entry);
}

/**
 * Sends a query now, for the network layer to take when the screen asks for it; not while one sent
 * before is fresh and not yet taken, nor when the screen has asked since `since` (when the intent
 * to prefetch began: pointing at a link, then its click, can have the navigation's request go
 * first).
 */
export function prefetchGraphQL(operation: RequestParameters, variables: Variables, since = -Infinity) {
  takePageAnswers();
  const key = keyOf(operation, variables);
  const last = sent.get(key);
  const now = performance.now();
  if (waiting(last, now) || (last?.takenAt !== undefined && last.takenAt >= since)) return;
  remember(key, { at: now, response: postGraphQL(operation, variables) });
}

let pageAnswersTaken = false;

/**
 * The answers the page came with (first-screen.ts), taken as prefetched ones, once. The server
 * answered them for the personal budget (a page's request names no budget): a tab working in
 * another budget asks again.
 */
function takePageAnswers() {
  if (pageAnswersTaken) return;
  pageAnswersTaken = true;
  const at = performance.now();
  const page = firstScreen();
  if (chosenBudgetId((page?.user as { id?: string } | undefined)?.id) !== null) return;
  for (const [key, body] of Object.entries(page?.queries ?? {}))
    remember(key, {
      at,
      response: Promise.resolve(
        new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/json', ...(page?.changeMark ? { [CHANGE_MARK_HEADER]: page.changeMark } : {}) },
        }),
      ),
    });
}

/** The network layer's query: the prefetched answer, once, while fresh; else a new request. */
export function sendGraphQL(operation: RequestParameters, variables: Variables) {
  takePageAnswers();
  const key = keyOf(operation, variables);
  const last = sent.get(key);
  const now = performance.now();
  const prefetched = waiting(last, now);
  if (prefetched) {
    sent.set(key, { at: last!.at, takenAt: now });
    return prefetched;
  }
  const response = postGraphQL(operation, variables);
  remember(key, { at: now, takenAt: now });
  return response;
}

/** Drops every prefetched answer: the data changed since (a write here or elsewhere). */
export function forgetPrefetched() {
  sent.clear();
}
