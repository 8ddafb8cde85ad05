import { Environment, Network, RecordSource, Store, type FetchFunction } from 'relay-runtime';
import { httpError } from '../lib/http-error.ts';

/** Headers of every GraphQL request: the CSRF header the server requires, and the user's time zone. */
export function graphqlHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-graphql-yoga-csrf': '1',
    'x-time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

const fetchGraphQL: FetchFunction = async (operation, variables) => {
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: graphqlHeaders(),
    body: JSON.stringify({ query: operation.text, variables }),
  });
  // A signed-out request answers 401: surface it as SPEC.md §8's "401: ...Unauthorized" error.
  if (res.status === 401) throw new Error('401: {"message":"Unauthorized"}');
  if (!res.ok && !res.headers.get('content-type')?.includes('json')) throw await httpError(res);
  return res.json();
};

/** The app's one Relay environment. */
export const environment = new Environment({ network: Network.create(fetchGraphQL), store: new Store(new RecordSource()) });
